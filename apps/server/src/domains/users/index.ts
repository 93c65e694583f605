export { createUsersModule, type Accounts, type UsersApi } from './users.module.js';
export type { AccountSessions } from './users.service.js';
export { toUserDto, type UserRow } from './users.mapper.js';
