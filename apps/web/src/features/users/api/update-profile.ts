import type { ProfileDto, ProfileUpdateRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** PATCH /api/users/{id}/profiles — multipart: JSON part `request`, optional image part `image`. */
export async function updateProfile(
  userId: string,
  request: ProfileUpdateRequest,
  image?: File | null,
): Promise<ProfileDto> {
  const form = new FormData();
  form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (image) form.append('image', image, image.name);
  const { data } = await apiClient.patch<ProfileDto>(
    `/api/users/${encodeURIComponent(userId)}/profiles`,
    form,
  );
  return data;
}
