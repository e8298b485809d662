export { stopBrowserServer as default } from './browser-server';
