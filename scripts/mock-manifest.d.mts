// Types of scripts/mock-manifest.mjs, for tsup.config.ts.
export declare const MOCK_DEPENDENCIES: string[];
export declare const MOCK_OPTIONAL_PEERS: Record<string, string>;
export declare function mockManifest(root: Record<string, unknown>): Record<string, unknown>;
export declare const MOCK_FONT_PACKAGES: string[];
export declare const MOCK_FONT_STYLES: string[];
