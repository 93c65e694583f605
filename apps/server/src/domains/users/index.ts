export { createUsersModule } from './users.module.js';
// For auth, which reads and creates accounts through the users repo.
export { createUsersRepo, linkedProviders, type UsersRepo } from './users.repo.js';
export { toUserDto, type UserRow } from './users.mapper.js';
