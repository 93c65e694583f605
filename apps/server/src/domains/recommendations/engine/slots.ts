import type { ClothesType } from '@otboo/contract';
import type { GarmentProfile } from './garment-profile.js';

/** A garment of the closet with its inferred profile. */
export interface Candidate {
  id: string;
  type: ClothesType;
  profile: GarmentProfile;
}

export type Slot =
  | 'OUTER'
  | 'TOP'
  | 'BOTTOM'
  | 'DRESS'
  | 'SHOES'
  | 'SOCKS'
  | 'HAT'
  | 'SCARF'
  | 'GLOVES'
  | 'UMBRELLA'
  | 'SUNGLASSES'
  | 'THERMAL';

/** Display order: main pieces first, then what completes them. */
export const SLOT_ORDER: readonly Slot[] = [
  'OUTER',
  'TOP',
  'DRESS',
  'BOTTOM',
  'SHOES',
  'HAT',
  'SCARF',
  'GLOVES',
  'UMBRELLA',
  'SUNGLASSES',
  'THERMAL',
  'SOCKS',
];

/**
 * The slot a garment fills in an outfit; null for what is never recommended (bags, `ETC`, an accessory or
 * underwear with no use the engine knows).
 */
export function slotOf(c: Candidate): Slot | null {
  switch (c.type) {
    case 'TOP':
    case 'BOTTOM':
    case 'DRESS':
    case 'OUTER':
    case 'SHOES':
    case 'SOCKS':
    case 'HAT':
    case 'SCARF':
      return c.type;
    case 'ACCESSORY':
      switch (c.profile.role) {
        case 'warm':
          return 'SCARF';
        case 'gloves':
          return 'GLOVES';
        case 'umbrella':
          return 'UMBRELLA';
        case 'sun':
          return 'SUNGLASSES';
        default:
          return null;
      }
    case 'UNDERWEAR':
      return c.profile.role === 'thermal' ? 'THERMAL' : null;
    default:
      return null;
  }
}
