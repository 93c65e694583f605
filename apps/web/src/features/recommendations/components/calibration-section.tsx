import { useId, useState } from 'react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCalibration } from '@/features/recommendations/hooks/use-calibration';
import { toast } from '@/lib/toast';

const texts = ko.recommendations.calibration;

/** '−1.5°C', '+1°C', '0°C': a real minus sign, a plus on warm shifts. */
export function signedDegrees(shift: number): string {
  const size = Math.abs(shift).toString();
  return shift < 0 ? `\u2212${size}°C` : shift > 0 ? `+${size}°C` : '0°C';
}

/** The settings screen's '체감 보정' (docs/product.md §2 Settings): the learned shift, with '초기화' after a question. */
export function CalibrationSection() {
  const headingId = useId();
  const { calibration, reset } = useCalibration();
  const [confirming, setConfirming] = useState(false);
  const data = calibration.data;

  function confirmReset() {
    reset.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(texts.resetDone);
      },
      onError: () => toast.error(texts.resetFailed),
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="calibration-section"
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 sm:p-7"
    >
      <h2 id={headingId} className="text-[17px] font-bold text-ink">
        {texts.title}
      </h2>
      <p className="text-sm break-keep text-ink-soft">{texts.explain}</p>
      {data ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-[15px] font-bold text-ink">
            {data.samples > 0 ? texts.summary(signedDegrees(data.shiftCelsius), data.samples) : texts.none}
          </p>
          {data.samples > 0 ? (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              {texts.reset}
            </Button>
          ) : null}
        </div>
      ) : calibration.isError ? (
        <p role="alert" className="text-sm text-ink-soft">
          {texts.loadFailed}
        </p>
      ) : (
        <Spinner label={ko.common.loading} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={texts.resetTitle}
        description={texts.resetDescription}
        confirmLabel={texts.reset}
        busy={reset.isPending}
        onConfirm={confirmReset}
      />
    </section>
  );
}
