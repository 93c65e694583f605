import { useEffect } from 'react';
import { ko } from '@otboo/contract';
import { SwitchRow } from '@/components/ui/switch-row';
import { usePushDevice, type PushDeviceStatus } from '@/features/push/hooks/use-push-device';

const DESCRIPTIONS: Record<PushDeviceStatus, string> = {
  checking: ko.common.loading,
  unsupported: ko.push.unsupported,
  'not-installed': ko.push.notInstalled,
  denied: ko.push.permissionDenied,
  off: ko.push.offOnDevice,
  on: ko.push.enabledOnDevice,
};

/**
 * '이 기기에서 푸시 알림 받기': the browser's notification permission is asked only when this is turned on.
 * `onStatusChange` tells the page this device's state (the morning outfit's note depends on it).
 */
export function PushDeviceSwitch({ onStatusChange }: { onStatusChange?(status: PushDeviceStatus): void }) {
  const { status, busy, setEnabled } = usePushDevice();
  const usable = status === 'on' || status === 'off';
  useEffect(() => onStatusChange?.(status), [onStatusChange, status]);
  return (
    <div aria-live="polite" data-testid="push-device" data-status={status}>
      <SwitchRow
        label={ko.push.enableOnDevice}
        checked={status === 'on'}
        onCheckedChange={setEnabled}
        disabled={!usable || busy}
        description={busy ? ko.push.updating : DESCRIPTIONS[status]}
      />
    </div>
  );
}
