/**
 * The session's role claims the web app acts on (users.role; the server's guards decide, these only
 * spare a page of 403s): admins run the admin pages, the support team and admins work the support queue.
 */
export const adminRole = 'admin';
export const supportRole = 'support';

export const isAdmin = (role: string): boolean => role === adminRole;
export const worksSupportQueue = (role: string): boolean => role === supportRole || role === adminRole;
