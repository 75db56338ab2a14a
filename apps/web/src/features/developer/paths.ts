/** Routes of the developer screens, below /settings (spec 001 §2; the test page's is not shown). */
export const TEST_FLAGS_PATH = '/settings/testFlags';
export const ADVANCED_PATH = '/settings/_advanced';
export const DEVELOPER_TEST_PATH = '/settings/developerTest';
