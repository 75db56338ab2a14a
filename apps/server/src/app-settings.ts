import type { ServiceDirectory, ShutdownInfo } from '@trove/contract';
import type { Config } from './config.ts';

/** The service directory of spec 000 §5/§7: one origin unless hosts are configured. */
export function serviceDirectory(config: Config): ServiceDirectory {
  const app = config.APP_HOST;
  return {
    app,
    thumb: config.THUMB_HOST || app,
    video: config.VIDEO_HOST || app,
    poll: config.POLL_HOST || app,
    download: config.DOWNLOAD_HOST || app,
    login: config.LOGIN_HOST || app,
    payment: config.PAYMENT_HOST || app,
  };
}

/** spec 001 §3 shutdown_info: the operator's announced shutdown (SHUTDOWN_DATE), or null. */
export function shutdownInfoOf(
  config: Pick<Config, 'SHUTDOWN_DATE' | 'SHUTDOWN_INFO_URL'>,
): ShutdownInfo | null {
  if (config.SHUTDOWN_DATE === '') return null;
  return { shutdown_date: Date.parse(config.SHUTDOWN_DATE), info_url: config.SHUTDOWN_INFO_URL || null };
}
