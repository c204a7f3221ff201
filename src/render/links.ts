/**
 * Links the comment builds itself (docs/action.md "The comment"): to the workflow run and to a line
 * of the head file at the judged commit. Only the path comes from the pull request, so it is
 * percent-encoded segment by segment, parentheses included: nothing in a file name can end the
 * link's destination or start another. A base URL or repository that is not plainly a URL is not
 * linked at all. Pure.
 */

const SAFE_BASE = /^https?:\/\/[A-Za-z0-9.:[\]-]+(?:\/[A-Za-z0-9._~%-]+)*$/;
const SAFE_NAME = /^[A-Za-z0-9._-]+$/;
const SHA = /^[0-9a-f]{7,64}$/i;

/** Where a repository's pages are: `$GITHUB_SERVER_URL/<owner>/<repo>`, or null when unsafe. */
export function repositoryUrl(serverUrl: string, owner: string, repo: string): string | null {
  const base = serverUrl.replace(/\/+$/, '');
  if (!SAFE_BASE.test(base) || !SAFE_NAME.test(owner) || !SAFE_NAME.test(repo)) return null;
  return `${base}/${owner}/${repo}`;
}

/** The workflow run's page, or null without a repository URL or a numeric run id. */
export function runUrl(repository: string | null, runId: string | null): string | null {
  if (repository === null || runId === null || !/^[0-9]+$/.test(runId)) return null;
  return `${repository}/actions/runs/${runId}`;
}

/** A path segment as a URL keeps it: every character but unreserved ones encoded. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A file at a commit, at a line when there is one; null without a repository or commit. */
export function blobUrl(
  repository: string | null,
  sha: string | null,
  path: string,
  line: number | null,
): string | null {
  if (repository === null || sha === null || !SHA.test(sha)) return null;
  const encoded = path.split('/').map(encodeSegment).join('/');
  return `${repository}/blob/${sha}/${encoded}${line !== null ? `#L${line}` : ''}`;
}

/** A markdown link around already-escaped text, or the text alone without a URL. */
export function linked(escapedText: string, url: string | null): string {
  return url === null ? escapedText : `[${escapedText}](${url})`;
}
