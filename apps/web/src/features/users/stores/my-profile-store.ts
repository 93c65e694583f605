import { create } from 'zustand';
import type { ProfileDto } from '@otboo/contract';
import { getProfile } from '@/features/users/api/get-profile';

interface MyProfileState {
  profile: ProfileDto | null;
  /** Loads the signed-in user's profile (top bar avatar, settings form). */
  load(userId: string): Promise<ProfileDto | null>;
  set(profile: ProfileDto): void;
  clear(): void;
}

/** The signed-in user's own profile; cleared on sign-out (spec §2 "Logout"). */
export const useMyProfile = create<MyProfileState>()((set) => ({
  profile: null,
  async load(userId) {
    try {
      const profile = await getProfile(userId);
      set({ profile });
      return profile;
    } catch (error) {
      console.warn(error);
      return null;
    }
  },
  set(profile) {
    set({ profile });
  },
  clear() {
    set({ profile: null });
  },
}));
