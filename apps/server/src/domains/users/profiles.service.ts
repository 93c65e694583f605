import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ko, type Location, type ProfileDto, type ProfileUpdateRequest } from '@otboo/contract';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { reencodeImage } from '../../lib/images.js';
import { latLonToGrid } from '../weather/index.js';
import { toProfileDto } from './profiles.mapper.js';
import type { ProfileChanges, ProfilesRepo } from './profiles.repo.js';
import type { UsersRepo } from './users.repo.js';

/** Longest side of a stored avatar. */
export const AVATAR_MAX_SIDE = 512;

export interface ProfilesServiceDeps {
  db: Db;
  usersRepo: UsersRepo;
  profilesRepo: ProfilesRepo;
  storage: Storage;
  /** Grid cell and Korean region names of a point (the weather domain's resolver; never throws). */
  locate(latitude: number, longitude: number): Promise<Location>;
  log: FastifyBaseLogger;
}

/**
 * Profile changes from the request. The KMA grid is derived from the coordinates, never taken from the
 * client; names are kept as the client got them from the weather API, and looked up when it sent none, so a
 * saved location always has a name (docs/api.md §4: `locationNames` is never empty).
 */
async function changesOf(
  input: ProfileUpdateRequest,
  locate: ProfilesServiceDeps['locate'],
): Promise<ProfileChanges> {
  const changes: ProfileChanges = {};
  if (input.gender !== undefined) changes.gender = input.gender;
  if (input.birthDate !== undefined) changes.birthDate = input.birthDate;
  if (input.temperatureSensitivity !== undefined)
    changes.temperatureSensitivity = input.temperatureSensitivity;
  if (input.location === null) {
    Object.assign(changes, {
      latitude: null,
      longitude: null,
      gridX: null,
      gridY: null,
      locationNames: null,
    });
  } else if (input.location) {
    const { latitude, longitude } = input.location;
    const grid = latLonToGrid(latitude, longitude);
    const given = (input.location.locationNames ?? []).map((n) => n.trim()).filter(Boolean);
    const locationNames = given.length > 0 ? given : (await locate(latitude, longitude)).locationNames;
    Object.assign(changes, { latitude, longitude, gridX: grid.x, gridY: grid.y, locationNames });
  }
  return changes;
}

export function createProfilesService({
  db,
  usersRepo,
  profilesRepo,
  storage,
  locate,
  log,
}: ProfilesServiceDeps) {
  async function get(userId: string): Promise<ProfileDto> {
    const found = await profilesRepo.find(db, userId);
    if (!found) throw notFound(ko.users.notFound, 'UserNotFoundException');
    return toProfileDto(found.name, found.profile);
  }

  return {
    /**
     * Anyone signed in may read a profile; the owner and administrators see all of it. Others see the name,
     * picture and temperature sensitivity only: gender, birth date and location (exact coordinates) are
     * personal, so they come back null, which the contract allows for any profile (docs/security.md).
     */
    async get(actor: Actor, userId: string): Promise<ProfileDto> {
      const profile = await get(userId);
      if (actor.userId === userId || actor.role === 'ADMIN') return profile;
      return { ...profile, gender: null, birthDate: null, location: null };
    },

    /**
     * Own profile only. A new avatar is re-encoded (WebP, ≤ 512 px, metadata such as EXIF/GPS dropped) and
     * stored under a fresh key; the old file is deleted once the change is committed.
     */
    async update(
      actor: Actor,
      userId: string,
      input: ProfileUpdateRequest,
      image?: Buffer,
    ): Promise<ProfileDto> {
      if (actor.userId !== userId) throw forbidden(ko.users.notSelf);
      const changes = await changesOf(input, locate);
      let newKey: string | undefined;
      if (image) {
        const encoded = await reencodeImage(image, {
          owner: actor.userId,
          maxSide: AVATAR_MAX_SIDE,
          invalidMessage: ko.profile.imageInvalid,
        });
        newKey = `profiles/${randomUUID()}.webp`;
        await storage.put(newKey, encoded.image, 'image/webp');
        changes.imageKey = newKey;
      }
      let oldKey: string | null;
      try {
        oldKey = await db.transaction(async (tx) => {
          const current = await profilesRepo.findForUpdate(tx, userId);
          if (!current) throw notFound(ko.users.notFound, 'UserNotFoundException');
          if (input.name !== undefined) await usersRepo.setName(tx, userId, input.name);
          await profilesRepo.update(tx, userId, changes);
          return current.imageKey;
        });
      } catch (err) {
        if (newKey) await storage.delete([newKey]);
        throw err;
      }
      if (newKey && oldKey) {
        const replaced = oldKey;
        await storage
          .delete([replaced])
          .catch((err: unknown) => log.warn({ err, key: replaced }, 'could not delete the replaced avatar'));
      }
      return get(userId);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
