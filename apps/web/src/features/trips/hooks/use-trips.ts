import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ko, type TripCreateRequest, type TripDto } from '@otboo/contract';
import { createTrip, deleteTrip, getTrip, getTrips, setPacked } from '@/features/trips/api/trips';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { writeErrorText } from '@/utils/error-text';

export function useTrips() {
  return useQuery({ queryKey: queryKeys.trips.list(), queryFn: ({ signal }) => getTrips(signal) });
}

export function useTrip(tripId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.trips.detail(tripId),
    queryFn: ({ signal }) => getTrip(tripId, signal),
    // The list has every trip whole: a trip opened from it shows at once.
    initialData: () =>
      queryClient.getQueryData<TripDto[]>(queryKeys.trips.list())?.find((t) => t.id === tripId),
    retry: false,
  });
}

/** A trip as answered, put in the list and its own entry. */
function remember(queryClient: ReturnType<typeof useQueryClient>, trip: TripDto) {
  queryClient.setQueryData(queryKeys.trips.detail(trip.id), trip);
  queryClient.setQueryData<TripDto[]>(queryKeys.trips.list(), (list) =>
    list
      ? list.some((t) => t.id === trip.id)
        ? list.map((t) => (t.id === trip.id ? trip : t))
        : [trip, ...list]
      : list,
  );
}

export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TripCreateRequest) => createTrip(request),
    onSuccess: (trip) => remember(queryClient, trip),
  });
}

/**
 * The packing checkbox: shown ticked at once, kept by the server; a failed write (offline, another device deleted
 * the trip) puts the box back and says so.
 */
export function useSetPacked(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clothesId, packed }: { clothesId: string; packed: boolean }) =>
      setPacked(tripId, clothesId, packed),
    onMutate: async ({ clothesId, packed }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.trips.detail(tripId) });
      const before = queryClient.getQueryData<TripDto>(queryKeys.trips.detail(tripId));
      if (before)
        queryClient.setQueryData<TripDto>(queryKeys.trips.detail(tripId), {
          ...before,
          packingList: before.packingList.map((i) => (i.clothesId === clothesId ? { ...i, packed } : i)),
        });
      return { before };
    },
    onError: (error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.trips.detail(tripId), context.before);
      toast.error(writeErrorText(error, ko.trips.packFailed));
    },
    onSuccess: (trip) => remember(queryClient, trip),
  });
}

export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tripId: string) => deleteTrip(tripId),
    onSuccess: (_data, tripId) => {
      queryClient.setQueryData<TripDto[]>(queryKeys.trips.list(), (list) =>
        list?.filter((t) => t.id !== tripId),
      );
      queryClient.removeQueries({ queryKey: queryKeys.trips.detail(tripId) });
      toast.success(ko.trips.deleted);
    },
    onError: (error) => toast.error(writeErrorText(error, ko.trips.deleteFailed)),
  });
}
