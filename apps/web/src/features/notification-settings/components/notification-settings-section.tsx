import { BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MORNING_TIME_PATTERN, PUSH_KINDS, ko, type NotificationSettingsDto } from '@otboo/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SwitchRow } from '@/components/ui/switch-row';
import { useNotificationSettings } from '@/features/notification-settings/hooks/use-notification-settings';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** A time is saved once the picker has rested this long: typing 0, 8, 3, 0 is one PATCH, not four. */
const TIME_SAVE_DELAY_MS = 800;

interface NotificationSettingsSectionProps {
  userId: string;
  /** This device's push switch (the push feature's), shown first. */
  deviceSwitch: ReactNode;
  /** Whether this device gets push; undefined while it is not known. */
  pushOn?: boolean;
}

/** The settings screen's '알림' section (docs/product.md §2 Settings): this device's push, the kinds, the morning outfit. */
export function NotificationSettingsSection({
  userId,
  deviceSwitch,
  pushOn,
}: NotificationSettingsSectionProps) {
  const headingId = useId();
  const { settings, save } = useNotificationSettings(userId);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-[var(--radius-card)] border border-line bg-white p-5 sm:p-7"
    >
      <h2 id={headingId} className="text-[17px] font-bold text-ink">
        {ko.notificationSettings.title}
      </h2>
      {deviceSwitch}
      {settings.data ? (
        <SettingsForm settings={settings.data} onChange={save} pushOn={pushOn} />
      ) : settings.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-[15px] text-ink-soft">{ko.notificationSettings.loadFailed}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            {ko.common.retry}
          </Button>
        </div>
      ) : (
        <Spinner label={ko.common.loading} />
      )}
    </section>
  );
}

function SettingsForm({
  settings,
  onChange,
  pushOn,
}: {
  settings: NotificationSettingsDto;
  onChange: ReturnType<typeof useNotificationSettings>['save'];
  pushOn: boolean | undefined;
}) {
  const kindsId = useId();
  // On without push on this device: it still reaches the in-app list, never the phone's notifications.
  const withoutPush = settings.morningOutfit.enabled && pushOn === false;
  return (
    <>
      <div role="group" aria-labelledby={kindsId} className="flex flex-col border-t border-line pt-4">
        <h3 id={kindsId} className="text-sm font-bold text-ink-soft">
          {ko.notificationSettings.pushKinds}
        </h3>
        {PUSH_KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            label={ko.notificationSettings.kinds[kind]}
            checked={settings.push[kind]}
            onCheckedChange={(on) => onChange({ push: { [kind]: on } })}
          />
        ))}
      </div>
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <SwitchRow
          label={ko.notificationSettings.morningOutfit}
          description={ko.notificationSettings.morningOutfitHint}
          checked={settings.morningOutfit.enabled}
          onCheckedChange={(enabled) => onChange({ morningOutfit: { enabled } })}
        />
        <div aria-live="polite">
          {withoutPush ? (
            <p
              data-testid="morning-without-push"
              className="flex items-start gap-2 rounded-xl bg-amber-50 px-3.5 py-3 text-sm break-keep text-amber-900"
            >
              <BellOff className="mt-0.5 size-4 shrink-0" aria-hidden />
              {ko.notificationSettings.morningWithoutPush}
            </p>
          ) : null}
        </div>
        <MorningTime
          saved={settings.morningOutfit.time}
          disabled={!settings.morningOutfit.enabled}
          onSave={(time) => onChange({ morningOutfit: { time } })}
        />
      </div>
    </>
  );
}

/** The morning outfit's minute (Asia/Seoul), HH:MM; a complete time is saved when the picker rests. */
function MorningTime({
  saved,
  disabled,
  onSave,
}: {
  saved: string;
  disabled: boolean;
  onSave(time: string): void;
}) {
  const inputId = useId();
  const [time, setTime] = useState(saved);
  const resting = useDebouncedValue(time, TIME_SAVE_DELAY_MS);

  // Only a new resting value is a change to save; `saved` catching up must not send it again.
  const latest = useRef({ saved, onSave });
  useEffect(() => {
    latest.current = { saved, onSave };
  });
  // A time saved elsewhere (or put back after a failed save) shows here.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setTime(saved);
  }
  useEffect(() => {
    if (resting !== latest.current.saved && MORNING_TIME_PATTERN.test(resting))
      latest.current.onSave(resting);
  }, [resting]);

  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <label htmlFor={inputId} className="text-[15px] text-ink">
        {ko.notificationSettings.morningTime}
      </label>
      <input
        id={inputId}
        type="time"
        step={60}
        required
        value={time}
        disabled={disabled}
        onChange={(event) => setTime(event.target.value)}
        className="h-11 rounded-xl border border-line bg-white px-3 text-[15px] text-ink focus:border-brand-500 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-100 disabled:bg-surface-soft disabled:text-ink-muted"
      />
    </div>
  );
}
