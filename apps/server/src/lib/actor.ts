import type { Role } from '@otboo/contract';

/** The signed-in caller, resolved from the access token and checked against its session. */
export interface Actor {
  userId: string;
  role: Role;
  sessionId: string;
}
