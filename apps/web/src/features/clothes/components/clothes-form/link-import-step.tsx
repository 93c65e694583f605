import { Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LIMITS, ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { DialogBody, DialogFooter } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { linkUrlError } from '@/features/clothes/utils/link-url';

interface LinkImportStepProps {
  /** Imports the link; resolves to null on success (the dialog leaves this step) or to the reason it failed. */
  onImport(url: string): Promise<string | null>;
  onBack(): void;
}

/** The add dialog's second step: paste a product link and import it (docs/product.md §5 link import rules). */
export function LinkImportStep({ onImport, onBack }: LinkImportStepProps) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = linkUrlError(url);
    setError(problem);
    if (problem) return;
    setImporting(true);
    const failure = await onImport(url.trim());
    // On success the dialog has already switched back to the form and this step is gone.
    if (failure !== null) {
      setError(failure);
      setImporting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="flex flex-col gap-4">
        <div className="flex items-start gap-3 rounded-2xl bg-brand-50 px-4 py-3.5 text-sm text-brand-700">
          <Link2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{ko.clothes.importHint}</p>
        </div>
        <TextField
          label={ko.clothes.urlLabel}
          type="url"
          inputMode="url"
          autoFocus
          placeholder={ko.clothes.urlPlaceholder}
          value={url}
          maxLength={LIMITS.urlMaxLength}
          disabled={importing}
          error={error}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
        />
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" disabled={importing} onClick={onBack}>
          {ko.clothes.back}
        </Button>
        <Button type="submit" disabled={importing}>
          {importing ? ko.clothes.importing : ko.clothes.importRun}
        </Button>
      </DialogFooter>
    </form>
  );
}
