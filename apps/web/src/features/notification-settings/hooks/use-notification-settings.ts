import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ko, type NotificationSettingsDto, type NotificationSettingsUpdateRequest } from '@otboo/contract';
import { getNotificationSettings } from '@/features/notification-settings/api/get-notification-settings';
import { updateNotificationSettings } from '@/features/notification-settings/api/update-notification-settings';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

function merged(
  current: NotificationSettingsDto,
  change: NotificationSettingsUpdateRequest,
): NotificationSettingsDto {
  return {
    morningOutfit: {
      enabled: change.morningOutfit?.enabled ?? current.morningOutfit.enabled,
      time: change.morningOutfit?.time ?? current.morningOutfit.time,
    },
    push: { ...current.push, ...change.push },
  };
}

/**
 * The user's notification settings (docs/api.md §9.3). A change shows at once and is sent as a PATCH of just that
 * part, one at a time in the order made; a failed one (offline included) goes back and says why in a toast.
 */
export function useNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.notificationSettings.detail(userId);
  const settings = useQuery({ queryKey: key, queryFn: () => getNotificationSettings(userId) });

  const update = useMutation({
    scope: { id: `notification-settings:${userId}` },
    mutationFn: (change: NotificationSettingsUpdateRequest) => updateNotificationSettings(userId, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettingsDto>(key);
      if (previous) queryClient.setQueryData(key, merged(previous, change));
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(writeErrorText(error, ko.notificationSettings.saveFailed));
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });

  return { settings, save: update.mutate, saving: update.isPending };
}
