import type { ClothesDto, CursorPage, PlanDto, PlanRequest } from '@otboo/contract';
import { apiClient } from '@/lib/api-client';

/** GET /api/plans — the caller's plans from `from` to `to` (at most 31 days), by date (docs/api.md §10). */
export async function getPlans(from: string, to: string): Promise<PlanDto[]> {
  const { data } = await apiClient.get<PlanDto[]>('/api/plans', { params: { from, to } });
  return data;
}

/** PUT /api/plans/{date} — the day's pieces (1–10) and note replace its plan. */
export async function putPlan(date: string, request: PlanRequest): Promise<PlanDto> {
  const { data } = await apiClient.put<PlanDto>(`/api/plans/${date}`, request);
  return data;
}

/** DELETE /api/plans/{date} — '비우기'. */
export async function deletePlan(date: string): Promise<void> {
  await apiClient.delete(`/api/plans/${date}`);
}

/** POST /api/plans/auto — '자동으로 채우기': the plans made for the dates of the range that had none. */
export async function autoPlans(from: string, to: string): Promise<PlanDto[]> {
  const { data } = await apiClient.post<PlanDto[]>('/api/plans/auto', { from, to });
  return data;
}

/** The picker's closet: every page of the owner's clothes (the closet, not the archive), at most `max` pieces. */
export async function getWholeCloset(ownerId: string, max = 500): Promise<ClothesDto[]> {
  const out: ClothesDto[] = [];
  let cursor: string | undefined;
  let idAfter: string | undefined;
  do {
    const { data } = await apiClient.get<CursorPage<ClothesDto>>('/api/clothes', {
      params: { ownerId, limit: 100, ...(cursor ? { cursor, idAfter } : {}) },
    });
    out.push(...data.data);
    cursor = data.hasNext ? (data.nextCursor ?? undefined) : undefined;
    idAfter = data.nextIdAfter ?? undefined;
  } while (cursor && out.length < max);
  return out;
}
