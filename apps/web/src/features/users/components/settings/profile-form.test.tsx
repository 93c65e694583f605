import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocationInput, ProfileDto } from '@otboo/contract';
import { ProfileForm } from '@/features/users/components/settings/profile-form';
import { renderWithQuery } from '@/testing/query';
import { testUser } from '@/testing/users';

const api = vi.hoisted(() => ({
  updateProfile: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));
vi.mock('@/features/users/api/update-profile', () => ({ updateProfile: api.updateProfile }));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const USER = testUser();
const PROFILE: ProfileDto = {
  userId: USER.id,
  name: USER.name,
  profileImageUrl: null,
  gender: null,
  birthDate: null,
  location: null,
  temperatureSensitivity: 2.5,
};
const HAEUNDAE: LocationInput = {
  latitude: 35.163,
  longitude: 129.1636,
  x: 99,
  y: 75,
  locationNames: ['부산광역시', '해운대구'],
};

beforeEach(() => {
  // jsdom has no ResizeObserver; the sensitivity slider (Radix) measures itself with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('ProfileForm location', () => {
  it('opens the place search when the browser gives no position; the picked place is saved with the form', async () => {
    api.updateProfile.mockImplementation(async () => ({ ...PROFILE, location: HAEUNDAE }));
    const locate = vi.fn(async () => null);
    // The settings route passes the weather feature's PlaceSearch; a button stands in for picking a suggestion.
    const placeSearch = (choose: (location: LocationInput) => void) => (
      <button type="button" onClick={() => choose(HAEUNDAE)}>
        해운대 고르기
      </button>
    );
    const user = userEvent.setup();
    renderWithQuery(
      <ProfileForm
        user={USER}
        profile={PROFILE}
        locate={locate}
        placeSearch={placeSearch}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: '해운대 고르기' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '현재 위치 가져오기' }));
    await user.click(await screen.findByRole('button', { name: '해운대 고르기' }));
    expect(screen.getByText('부산광역시 해운대구')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '해운대 고르기' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(api.updateProfile).toHaveBeenCalledWith(
      USER.id,
      expect.objectContaining({ location: HAEUNDAE }),
      null,
    );
  });

  it('fills the field from the position without the search when the browser gives one', async () => {
    const locate = vi.fn(async () => HAEUNDAE);
    const placeSearch = vi.fn(() => null);
    const user = userEvent.setup();
    renderWithQuery(
      <ProfileForm
        user={USER}
        profile={PROFILE}
        locate={locate}
        placeSearch={placeSearch}
        onSaved={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: '현재 위치 가져오기' }));
    expect(await screen.findByText('부산광역시 해운대구')).toBeInTheDocument();
    expect(placeSearch).not.toHaveBeenCalled();
  });
});
