/** The SDK's version, sent in `User-Agent: acs-sdk/<version>`; a test keeps it equal to package.json. */
export const VERSION = '0.1.0';
