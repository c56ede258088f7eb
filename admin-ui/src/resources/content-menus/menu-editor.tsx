import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Title,
  useCreate,
  useDataProvider,
  useDelete,
  useGetList,
  useNotify,
  type RaRecord,
} from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MAIN_MENU_SLUG, menuItemPath, type TMenuLinkType } from '@stageplein/contracts/content/menu';
import { useCan } from '../../app/session-context.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fill, useContentTexts } from '../content-shared/content-texts.ts';
import {
  canIndent,
  canOutdent,
  menuChanges,
  moveRow,
  nodesOf,
  rowsOf,
  setDepth,
  type TMenuNode,
  type TRow,
} from './menu-arrangement.ts';

/** A drag this far to the right (px) nests an item; as far to the left makes it a main item. */
const NEST_OFFSET = 40;
const SYSTEM_PAGE_IDS = [1, 2, 3, 4] as const;

const nodeOf = (r: RaRecord): TMenuNode => ({
  id: String(r.id),
  parentId: r.parentId === null || r.parentId === undefined ? null : String(r.parentId),
  position: Number(r.position ?? 0),
});

/**
 * `/content/menu-items`: a menu's items ordered and nested by drag and drop (dnd-kit: pointer and
 * keyboard), each move saved at once as PATCHes of `parent_id` and `position` (menu-arrangement.ts);
 * new items (a content page by its path or a system page by id) and deletions.
 */
export function MenuEditor() {
  const title = useRouteTitle();
  const texts = useContentTexts();
  const allowed = useCan('menu_items', 'list');
  const menus = useGetList('menus', { pagination: { page: 1, perPage: 100 } }, { enabled: allowed });
  const [menuId, setMenuId] = useState<string>();
  useEffect(() => {
    if (!menuId && menus.data?.length)
      setMenuId(String((menus.data.find((m) => m.slug === MAIN_MENU_SLUG) ?? menus.data[0])!.id));
  }, [menus.data, menuId]);
  if (!allowed) return <Forbidden />;
  if (menus.error) return <ErrorPanel error={menus.error} />;
  return (
    <Box sx={{ mt: { xs: 2, sm: 3 } }} data-testid="menu-editor">
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '48rem' }} id="menu-editor-help">
            {texts.menu.lead}
          </Typography>
          {menus.data && menus.data.length > 1 && (
            <FormControl size="small" sx={{ mb: 2, minWidth: 200 }}>
              <InputLabel id="menu-select-label">{texts.menu.menu}</InputLabel>
              <Select
                labelId="menu-select-label"
                label={texts.menu.menu}
                value={menuId ?? ''}
                onChange={(e) => setMenuId(e.target.value)}
                data-testid="menu-select"
              >
                {menus.data.map((m) => (
                  <MenuItem key={m.id} value={String(m.id)}>
                    {String(m.slug)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          )}
          {menuId && <MenuItems menuId={menuId} />}
        </CardContent>
      </Card>
    </Box>
  );
}

function MenuItems({ menuId }: { menuId: string }) {
  const texts = useContentTexts();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const items = useGetList('menu_items', {
    filter: { menuId },
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: 'position', order: 'ASC' },
  });
  const byId = useMemo(() => new Map((items.data ?? []).map((r) => [String(r.id), r])), [items.data]);
  const saved = useMemo(() => (items.data ?? []).map(nodeOf), [items.data]);
  const [rows, setRows] = useState<TRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  useEffect(() => setRows(rowsOf(saved)), [saved]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: unknown) => String(byId.get(String(id))?.title ?? id);
  const positionOf = (id: unknown) => rows.findIndex((r) => r.id === String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => fill(texts.menu.pickUp, { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? fill(texts.menu.moved, { title: titleOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active }) => fill(texts.menu.dropped, { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => fill(texts.menu.cancelled, { title: titleOf(active.id) }),
  };

  /** Shows the new arrangement and stores it: only the items whose parent or position changed. */
  async function store(next: TRow[]) {
    const changes = menuChanges(saved, nodesOf(next));
    setRows(next);
    if (!changes.length) return;
    setBusy(true);
    setStatus('');
    try {
      for (const change of changes)
        await dataProvider.update('menu_items', {
          id: change.id,
          data: { parentId: change.parentId, position: change.position },
          previousData: { id: change.id },
        });
      setStatus(texts.menu.saved);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      await items.refetch();
    }
  }

  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    if (!over) return;
    const depth = delta.x > NEST_OFFSET ? 1 : delta.x < -NEST_OFFSET ? 0 : undefined;
    void store(moveRow(rows, String(active.id), String(over.id), depth));
  };

  if (items.error) return <ErrorPanel error={items.error} />;
  return (
    <>
      <Box role="status" data-testid="menu-status">
        {status && (
          <Alert severity="success" role="presentation" sx={{ mb: 2 }}>
            {status}
          </Alert>
        )}
      </Box>
      {items.data && rows.length === 0 && <Typography color="text.secondary">{texts.menu.empty}</Typography>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: texts.menu.lead },
        }}
      >
        <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
          <Box
            component="ol"
            sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: '48rem' }}
            data-testid="menu-items"
          >
            {rows.map((row) => {
              const record = byId.get(row.id);
              if (!record) return null;
              return (
                <SortableRow
                  key={row.id}
                  row={row}
                  record={record}
                  busy={busy}
                  indent={canIndent(rows, row.id) ? () => void store(setDepth(rows, row.id, 1)) : undefined}
                  outdent={canOutdent(rows, row.id) ? () => void store(setDepth(rows, row.id, 0)) : undefined}
                  onDeleted={() => void items.refetch()}
                />
              );
            })}
          </Box>
        </SortableContext>
      </DndContext>
      <AddItem
        menuId={menuId}
        // After the last main item (stored positions need not be 0…n-1).
        position={Math.max(-1, ...saved.filter((n) => n.parentId === null).map((n) => n.position)) + 1}
        onAdded={() => void items.refetch()}
      />
    </>
  );
}

function SortableRow({
  row,
  record,
  busy,
  indent,
  outdent,
  onDeleted,
}: {
  row: TRow;
  record: RaRecord;
  busy: boolean;
  indent?: () => void;
  outdent?: () => void;
  onDeleted: () => void;
}) {
  const texts = useContentTexts();
  const notify = useNotify();
  const [remove, { isPending: removing }] = useDelete();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.id, disabled: busy });
  const title = String(record.title);
  const path = menuItemPath({
    linkType: String(record.linkType),
    path: record.path as string | null,
    systemPageId: record.systemPageId as number | null,
  });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="menu-item"
      data-id={row.id}
      data-depth={row.depth}
      data-title={title}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 0.5,
        pl: row.depth ? 5 : 0,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: isDragging ? 'action.selected' : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={fill(texts.menu.handle, { title })}
        aria-describedby="menu-editor-help"
        data-testid="menu-item-handle"
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="span" sx={{ fontWeight: row.depth ? 400 : 600 }}>
          {title}
        </Typography>{' '}
        <Typography component="span" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {path}
        </Typography>
        {row.depth === 1 && (
          <Chip size="small" variant="outlined" label={texts.menu.subItem} sx={{ ml: 1 }} />
        )}
      </Box>
      <IconButton
        aria-label={fill(texts.menu.indent, { title })}
        disabled={busy || !indent}
        onClick={indent}
        data-testid="menu-item-indent"
      >
        <FormatIndentIncreaseIcon />
      </IconButton>
      <IconButton
        aria-label={fill(texts.menu.outdent, { title })}
        disabled={busy || !outdent}
        onClick={outdent}
        data-testid="menu-item-outdent"
      >
        <FormatIndentDecreaseIcon />
      </IconButton>
      <IconButton
        aria-label={fill(texts.menu.remove, { title })}
        disabled={busy || removing}
        data-testid="menu-item-delete"
        onClick={() => {
          if (!window.confirm(fill(texts.menu.removeConfirm, { title }))) return;
          void remove(
            'menu_items',
            { id: row.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: onDeleted,
              onError: (error) => notify((error as Error).message, { type: 'error' }),
            },
          );
        }}
      >
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

/** A new main item at the end of the menu: a content page (by its path) or a system page (by id). */
function AddItem({ menuId, position, onAdded }: { menuId: string; position: number; onAdded: () => void }) {
  const texts = useContentTexts();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const pages = useGetList('pages', {
    filter: { status: 'draft' },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'slug', order: 'ASC' },
  });
  const [title, setTitle] = useState('');
  const [linkType, setLinkType] = useState<TMenuLinkType>('content_page');
  const [path, setPath] = useState('');
  const [systemPageId, setSystemPageId] = useState<number>(1);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create(
      'menu_items',
      {
        data: {
          menuId,
          linkType,
          title: title.trim(),
          position,
          ...(linkType === 'content_page' ? { path } : { systemPageId }),
        },
      },
      {
        onSuccess: () => {
          setTitle('');
          setPath('');
          onAdded();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ mt: 3, maxWidth: '48rem' }} data-testid="menu-add">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {texts.menu.add}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={texts.menu.title}
          value={title}
          required
          onChange={(e) => setTitle(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'menu-add-title', maxLength: 100 } }}
        />
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="menu-add-type-label">{texts.menu.linkType}</InputLabel>
          <Select
            labelId="menu-add-type-label"
            label={texts.menu.linkType}
            value={linkType}
            onChange={(e) => setLinkType(e.target.value as TMenuLinkType)}
            data-testid="menu-add-type"
          >
            <MenuItem value="content_page">{texts.menu.contentPage}</MenuItem>
            <MenuItem value="system">{texts.menu.system}</MenuItem>
          </Select>
        </FormControl>
        {linkType === 'content_page' ? (
          <FormControl size="small" sx={{ minWidth: 200 }} required>
            <InputLabel id="menu-add-page-label">{texts.menu.page}</InputLabel>
            <Select
              labelId="menu-add-page-label"
              label={texts.menu.page}
              value={path}
              onChange={(e) => setPath(e.target.value)}
              data-testid="menu-add-page"
            >
              {(pages.data ?? []).map((p) => {
                const pagePath = p.slug === 'home' ? '/' : `/${String(p.slug)}`;
                return (
                  <MenuItem key={p.id} value={pagePath} data-testid={`menu-add-page-${String(p.slug)}`}>
                    {String(p.title)} ({pagePath})
                  </MenuItem>
                );
              })}
            </Select>
          </FormControl>
        ) : (
          <FormControl size="small" sx={{ minWidth: 200 }}>
            <InputLabel id="menu-add-system-label">{texts.menu.systemPage}</InputLabel>
            <Select
              labelId="menu-add-system-label"
              label={texts.menu.systemPage}
              value={systemPageId}
              onChange={(e) => setSystemPageId(Number(e.target.value))}
              data-testid="menu-add-system"
            >
              {SYSTEM_PAGE_IDS.map((id) => (
                <MenuItem key={id} value={id}>
                  {texts.menu.systemPages[id]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={isPending || !title.trim() || (linkType === 'content_page' && !path)}
          data-testid="menu-add-submit"
        >
          {texts.menu.add}
        </Button>
      </Stack>
    </Box>
  );
}
