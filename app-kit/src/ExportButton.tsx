import { useState } from 'react';
import type { CsvExport, ExportQuery } from '@halcyon/api-client/model';
import { downloadCsv, errorMessage } from '@halcyon/api-client/http';
import { Button } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';

const EXPORT_FAILED = 'Failed to export CSV.';

/** 'Export CSV': the whole list as the screen filters and searches it, as a file the server streams. */
export function ExportButton<P extends CsvExport>({ path, query }: { path: P; query?: ExportQuery<P> }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, query);
    } catch (error) {
      toast.error(errorMessage(error, EXPORT_FAILED));
    } finally {
      setBusy(false);
    }
  };
  // The wrapper keeps the button its own size inside a stretching header.
  return (
    <div>
      <Button variant="secondary" size="small" loading={busy} onClick={() => void run()}>
        Export CSV
      </Button>
    </div>
  );
}
