import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { INTERNSHIP_INCLUDES } from '@stageplein/contracts/placements/internships';
import { internshipsCsv, type TDataViewerRecord } from './data-viewer-columns.ts';
import { useDataViewerTexts } from './data-viewer-texts.ts';

/** The API's largest page of internships (INTERNSHIPS_QUERY.maxPageSize); the export walks the pages. */
const PAGE = 100;

/** Every internship of the current filters (not just the page on screen) as a formula-safe CSV file. */
export function ExportCsvButton() {
  const texts = useDataViewerTexts();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { filterValues, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows: TDataViewerRecord[] = [];
      for (let page = 1; ; page++) {
        const { data, total: all } = await dataProvider.getList('internships', {
          filter: filterValues,
          pagination: { page, perPage: PAGE },
          sort: { field: 'createdAt', order: 'DESC' },
          meta: { include: INTERNSHIP_INCLUDES },
        });
        rows.push(...(data as TDataViewerRecord[]));
        if (data.length < PAGE || rows.length >= (all ?? Infinity)) break;
      }
      const blob = new Blob([internshipsCsv(rows, texts)], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${texts.fileName}-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      notify(texts.exportFailed, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      onClick={() => void run()}
      disabled={busy || !total}
      data-testid="data-viewer-export"
    >
      {busy ? texts.exporting : texts.exportCsv}
    </Button>
  );
}
