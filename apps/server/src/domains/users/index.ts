export { usersRoutes } from './users.routes.js';
export { createUsersService, type UsersService } from './users.service.js';
export { createUsersRepo, linkedProviders, type UsersRepo } from './users.repo.js';
export { toUserDto, type UserRow } from './users.mapper.js';
