/** The tool's version, reported in every JSON report (kept equal to package.json by a test). */
export const TOOL_VERSION = '0.1.0';
