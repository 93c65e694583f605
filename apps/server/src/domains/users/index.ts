export { usersRoutes } from './users.routes.js';
export { createUsersService, type UsersService } from './users.service.js';
export { createUsersRepo, type UsersRepo } from './users.repo.js';
export { toUserDto } from './users.mapper.js';
