import { useState, type FormEvent } from 'react';
import {
  Confirm,
  Title,
  useCreate,
  useDataProvider,
  useDelete,
  useGetList,
  useNotify,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fill } from '../content-shared/content-texts.ts';
import { FileButton } from './upload-list.tsx';
import { useMediaTexts } from './media-texts.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const FIELDS = ['title', 'alt', 'author', 'license', 'licenseUrl', 'source'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;

const valuesOf = (record?: RaRecord): TValues =>
  Object.fromEntries(FIELDS.map((f) => [f, record?.[f] == null ? '' : String(record[f])])) as TValues;

/**
 * The add/edit dialog: a new stock image starts from an image uploaded here (POST /uploads as form
 * data), then its title, alt text, author and licence; an edit changes only those.
 */
function StockImageDialog({ record, onClose }: { record?: RaRecord; onClose: () => void }) {
  const texts = useMediaTexts().stock;
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [values, setValues] = useState<TValues>(() => valuesOf(record));
  const [upload, setUpload] = useState<RaRecord>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const set = (field: TField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const chooseFile = async (file: File) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { data } = await dataProvider.upload(file);
      setUpload(data);
      if (!values.title) setValues((v) => ({ ...v, title: file.name.replace(/\.[^.]+$/, '') }));
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!record && !upload) return setProblem(texts.needsFile);
    setBusy(true);
    setProblem(undefined);
    const options = {
      mutationMode: 'pessimistic' as const,
      onSuccess: () => {
        notify(texts.saved, { type: 'success' });
        onClose();
      },
      onError: (error: unknown) => {
        setBusy(false);
        setProblem(messageOf(error));
      },
    };
    if (record) void update('stock_images', { id: record.id, data: values, previousData: record }, options);
    else void create('stock_images', { data: { ...values, uploadId: upload!.id } }, options);
  };

  const preview = upload?.url ?? record?.url;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="stock-image-dialog-title">
      <form onSubmit={submit} noValidate data-testid="stock-image-form">
        <DialogTitle id="stock-image-dialog-title">{record ? texts.editTitle : texts.add}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!record && (
              <Box>
                <FileButton
                  label={texts.file}
                  accept="image/jpeg,image/png,image/webp"
                  disabled={busy}
                  testId="stock-image-file"
                  onFile={(file) => void chooseFile(file)}
                />
                {upload && (
                  <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="stock-image-chosen">
                    {fill(texts.fileChosen, { name: String(upload.name) })}
                  </Typography>
                )}
              </Box>
            )}
            {preview && (
              <Box
                component="img"
                src={String(preview)}
                alt=""
                sx={{ maxWidth: '100%', maxHeight: 200, objectFit: 'contain', alignSelf: 'flex-start' }}
              />
            )}
            <TextField
              label={texts.fields.title}
              value={values.title}
              onChange={set('title')}
              required
              slotProps={{ htmlInput: { 'data-testid': 'stock-image-title' } }}
            />
            <TextField
              label={texts.fields.alt}
              value={values.alt}
              onChange={set('alt')}
              slotProps={{ htmlInput: { 'data-testid': 'stock-image-alt' } }}
            />
            <TextField
              label={texts.fields.author}
              value={values.author}
              onChange={set('author')}
              slotProps={{ htmlInput: { 'data-testid': 'stock-image-author' } }}
            />
            <TextField
              label={texts.fields.license}
              value={values.license}
              onChange={set('license')}
              required
              slotProps={{ htmlInput: { 'data-testid': 'stock-image-license' } }}
            />
            <TextField
              label={texts.fields.licenseUrl}
              value={values.licenseUrl}
              onChange={set('licenseUrl')}
              type="url"
              slotProps={{ htmlInput: { 'data-testid': 'stock-image-license-url' } }}
            />
            <TextField label={texts.fields.source} value={values.source} onChange={set('source')} />
            {problem && (
              <Alert severity="error" role="alert" data-testid="stock-image-error">
                {problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{texts.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="stock-image-save">
            {texts.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * `/content/stock-images`: the tenant's stock library as a grid (thumbnail, title, author,
 * licence); add (upload, then describe), edit and delete (the upload itself stays).
 */
export function StockImageList() {
  const title = useRouteTitle();
  const texts = useMediaTexts().stock;
  const allowed = useCan('stock_images', 'list');
  const notify = useNotify();
  const [editing, setEditing] = useState<RaRecord | 'new'>();
  const [removing, setRemoving] = useState<RaRecord>();
  const [remove] = useDelete();
  const images = useGetList(
    'stock_images',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'title', order: 'ASC' } },
    { enabled: allowed },
  );
  if (!allowed) return <Forbidden />;
  if (images.error) return <ErrorPanel error={images.error} />;

  const confirmRemove = () => {
    const record = removing;
    setRemoving(undefined);
    if (!record) return;
    void remove(
      'stock_images',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(texts.removed, { type: 'success' }),
        onError: (error) => notify(messageOf(error), { type: 'error' }),
      },
    );
  };

  return (
    <Box sx={{ mt: { xs: 2, sm: 3 } }} data-testid="stock-images">
      <Title title={title} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '48rem' }}>
            {texts.lead}
          </Typography>
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateIcon />}
            onClick={() => setEditing('new')}
            data-testid="stock-image-add"
          >
            {texts.add}
          </Button>
          {images.data && !images.data.length && (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {texts.empty}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Box
        component="ul"
        aria-label={title}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
          gap: 2,
          listStyle: 'none',
          p: 0,
          m: 0,
        }}
      >
        {images.data?.map((record) => {
          const name = String(record.title);
          return (
            <Card component="li" key={record.id} data-testid="stock-image" data-title={name}>
              <CardMedia
                component="img"
                image={String(record.url)}
                alt={String(record.alt ?? '')}
                loading="lazy"
                sx={{ aspectRatio: '4 / 3', objectFit: 'cover' }}
              />
              <CardContent sx={{ pb: 0 }}>
                <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
                {record.author && (
                  <Typography variant="body2" color="text.secondary">
                    {fill(texts.by, { author: String(record.author) })}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" data-testid="stock-image-licence-text">
                  {record.licenseUrl ? (
                    <Link href={String(record.licenseUrl)} target="_blank" rel="noopener noreferrer">
                      {String(record.license)}
                    </Link>
                  ) : (
                    String(record.license)
                  )}
                </Typography>
              </CardContent>
              <CardActions>
                <IconButton
                  aria-label={fill(texts.edit, { title: name })}
                  onClick={() => setEditing(record)}
                  data-testid="stock-image-edit"
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={fill(texts.remove, { title: name })}
                  onClick={() => setRemoving(record)}
                  data-testid="stock-image-delete"
                >
                  <DeleteIcon />
                </IconButton>
              </CardActions>
            </Card>
          );
        })}
      </Box>
      {editing && (
        <StockImageDialog
          record={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <Confirm
        isOpen={!!removing}
        title={texts.removeTitle}
        content={fill(texts.removeConfirm, { title: String(removing?.title ?? '') })}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(undefined)}
      />
    </Box>
  );
}
