import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { LIMITS, ko, type ClothesImportResultDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { exportCloset } from '@/features/clothes/api/export-closet';
import { importCloset } from '@/features/clothes/api/import-closet';
import { downloadBlob } from '@/features/clothes/utils/download-file';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

/** Refused here before a long upload, with the server's own message (docs/api.md §9.7). */
function importTooLarge(file: File): boolean {
  const zip = /\.zip$/i.test(file.name) || file.type.includes('zip');
  return file.size > (zip ? LIMITS.clothesImportMaxBytes : LIMITS.clothesImportCsvMaxBytes);
}

/**
 * '옷장 내보내기' downloads the closet as a ZIP (clothes.csv, clothes.json, photos/); '옷장 가져오기' sends such a
 * ZIP or a CSV and lists what it made and each row it could not, in Korean (docs/api.md §9.7).
 */
export function ClosetTransfer({ onImported }: { onImported(result: ClothesImportResultDto): void }) {
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<ClothesImportResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), exportHint: useId(), importHint: useId() };

  async function exportZip() {
    setExporting(true);
    try {
      const { blob, fileName } = await exportCloset();
      downloadBlob(blob, fileName);
    } catch (failure) {
      toast.error(writeErrorText(failure, ko.clothes.transfer.exportFailed));
    } finally {
      setExporting(false);
    }
  }

  async function importFile(file: File) {
    setResult(null);
    setError(null);
    if (importTooLarge(file)) {
      setError(ko.clothes.transfer.fileTooLarge);
      return;
    }
    setImporting(true);
    try {
      const imported = await importCloset(file);
      setResult(imported);
      toast.success(ko.clothes.transfer.imported(imported.created));
      onImported(imported);
    } catch (failure) {
      setError(toApiError(failure).message);
      toast.error(writeErrorText(failure, ko.clothes.transfer.importFailed));
    } finally {
      setImporting(false);
    }
  }

  return (
    <section
      aria-labelledby={ids.heading}
      className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={ids.heading} className="text-lg font-bold text-ink">
        {ko.clothes.insights.transfer}
      </h2>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <div className="flex flex-col items-start gap-2">
          <p id={ids.exportHint} className="text-sm text-ink-muted">
            {ko.clothes.transfer.exportHint}
          </p>
          <Button
            variant="outline"
            disabled={exporting}
            aria-describedby={ids.exportHint}
            onClick={() => void exportZip()}
          >
            <Download className="size-4" aria-hidden />
            {exporting ? ko.clothes.transfer.exporting : ko.clothes.transfer.export}
          </Button>
        </div>
        <div className="flex flex-col items-start gap-2">
          <p id={ids.importHint} className="text-sm text-ink-muted">
            {ko.clothes.transfer.importHint}
          </p>
          <Button
            variant="outline"
            disabled={importing}
            aria-describedby={ids.importHint}
            onClick={() => input.current?.click()}
          >
            <Upload className="size-4" aria-hidden />
            {importing ? ko.clothes.transfer.importing : ko.clothes.transfer.import}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".csv,.zip,text/csv,application/zip"
            className="sr-only"
            tabIndex={-1}
            disabled={importing}
            aria-label={ko.clothes.transfer.chooseFile}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </div>
      </div>
      <FormError message={error} />
      {result ? <ImportResult result={result} /> : null}
    </section>
  );
}

function ImportResult({ result }: { result: ClothesImportResultDto }) {
  const failed = result.errors.length;
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-surface-soft px-4 py-3">
      <p role="status" className="flex flex-col gap-1">
        <span className="text-[15px] font-bold text-ink">{ko.clothes.transfer.imported(result.created)}</span>
        {failed > 0 ? (
          <span className="text-sm text-red-600">{ko.clothes.transfer.importErrors(failed)}</span>
        ) : null}
      </p>
      {failed > 0 ? (
        // Focusable, so that a keyboard can scroll a long list.
        <ul
          tabIndex={0}
          aria-label={ko.clothes.transfer.importErrors(failed)}
          className="flex max-h-60 flex-col gap-1 overflow-y-auto rounded-lg text-sm text-ink-soft"
        >
          {result.errors.map((error) => (
            <li key={`${error.row}-${error.message}`}>
              {ko.clothes.transfer.rowError(error.row, error.message)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
