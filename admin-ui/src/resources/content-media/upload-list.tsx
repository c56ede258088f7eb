import { useRef, useState, type ChangeEvent } from 'react';
import {
  Confirm,
  Title,
  useDataProvider,
  useDelete,
  useGetList,
  useLocaleState,
  useNotify,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import { UPLOAD_CONTENT_TYPES } from '@stageplein/contracts/content/media';
import { useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fill } from '../content-shared/content-texts.ts';
import { fileSize, useMediaTexts } from './media-texts.ts';

/** The message of a refused call: the server's localized detail (http-client.ts `errorMessage`). */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A file input dressed as a button; the chosen file is handed over and the input cleared. */
export function FileButton({
  label,
  accept,
  disabled,
  testId,
  onFile,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  testId: string;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      {/* A real button opens the hidden input (a label with role=button is not allowed: axe). */}
      <Button
        variant="contained"
        startIcon={<UploadFileIcon />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <input ref={input} type="file" hidden accept={accept} onChange={choose} data-testid={testId} />
    </>
  );
}

/**
 * `/content/file-upload`: the tenant's uploads, newest first (a thumbnail for images), uploaded as
 * form data (`upload[file]`); the server decides the type from the bytes and its refusal is shown as
 * sent; an address can be copied, a file deleted (409 while it is a stock image).
 */
export function UploadList() {
  const title = useRouteTitle();
  const texts = useMediaTexts().uploads;
  const [locale] = useLocaleState();
  const allowed = useCan('uploads', 'list');
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [removing, setRemoving] = useState<RaRecord>();
  const [remove] = useDelete();
  const uploads = useGetList(
    'uploads',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' } },
    { enabled: allowed },
  );
  if (!allowed) return <Forbidden />;
  if (uploads.error) return <ErrorPanel error={uploads.error} />;

  const upload = async (file: File) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await dataProvider.upload(file);
      notify(fill(texts.uploaded, { name: file.name }), { type: 'success' });
      refresh();
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const copy = async (record: RaRecord) => {
    const url = new URL(String(record.url), location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard permission: the address is in the message to copy by hand.
    }
    notify(fill(texts.copied, { url }), { type: 'info' });
  };
  const confirmRemove = () => {
    const record = removing;
    setRemoving(undefined);
    if (!record) return;
    void remove(
      'uploads',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(texts.removed, { type: 'success' }),
        onError: (error) => notify(messageOf(error), { type: 'error' }),
      },
    );
  };

  return (
    <Box sx={{ mt: { xs: 2, sm: 3 } }} data-testid="uploads">
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '48rem' }}>
            {texts.lead}
          </Typography>
          <FileButton
            label={busy ? texts.uploading : texts.choose}
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            disabled={busy}
            testId="upload-input"
            onFile={(file) => void upload(file)}
          />
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="upload-error">
              {refusal}
            </Alert>
          )}
          {uploads.data && !uploads.data.length && (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {texts.empty}
            </Typography>
          )}
          <List aria-label={title}>
            {uploads.data?.map((record) => {
              const name = String(record.name);
              const details = [
                record.kind === 'image' ? texts.image : texts.pdf,
                String(record.contentType).replace(/^.*\//, '').toUpperCase(),
                fileSize(Number(record.byteSize), locale),
                new Date(String(record.createdAt)).toLocaleDateString(locale === 'en' ? 'en-GB' : 'nl-NL'),
              ];
              return (
                <ListItem
                  key={record.id}
                  data-testid="upload-item"
                  data-name={name}
                  divider
                  secondaryAction={
                    <Stack direction="row">
                      <IconButton
                        aria-label={fill(texts.copy, { name })}
                        onClick={() => void copy(record)}
                        data-testid="upload-copy"
                      >
                        <ContentCopyIcon />
                      </IconButton>
                      <IconButton
                        aria-label={fill(texts.remove, { name })}
                        onClick={() => setRemoving(record)}
                        data-testid="upload-delete"
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Stack>
                  }
                  sx={{ pr: 13 }}
                >
                  <ListItemAvatar>
                    {record.kind === 'image' ? (
                      <Avatar
                        variant="rounded"
                        src={String(record.url)}
                        alt=""
                        sx={{ width: 56, height: 56, mr: 2 }}
                        slotProps={{ img: { loading: 'lazy' } }}
                      />
                    ) : (
                      <Avatar variant="rounded" sx={{ width: 56, height: 56, mr: 2 }}>
                        <PictureAsPdfIcon />
                      </Avatar>
                    )}
                  </ListItemAvatar>
                  <ListItemText
                    primary={<span style={{ overflowWrap: 'anywhere' }}>{name}</span>}
                    secondary={details.join(' · ')}
                  />
                </ListItem>
              );
            })}
          </List>
        </CardContent>
      </Card>
      <Confirm
        isOpen={!!removing}
        title={texts.removeTitle}
        content={fill(texts.removeConfirm, { name: String(removing?.name ?? '') })}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(undefined)}
      />
    </Box>
  );
}
