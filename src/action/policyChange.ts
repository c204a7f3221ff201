/** One policy file a pull request adds, changes, renames or deletes (selectPolicyChanges). */
export interface PolicyChange {
  path: string;
  status: 'added' | 'modified' | 'renamed' | 'removed';
  previousPath: string | null;
}
