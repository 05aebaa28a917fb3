import type { AppDeps } from '../deps';

/**
 * After a publish: the platform makes the WebP copies of every image it added (decision 0008), in
 * the background, so the publish does not wait for encoding; a copy still missing when a page asks
 * for it is made then.
 */
export function prepareMediaVariants(
  deps: Pick<AppDeps, 'contentRepository' | 'mediaVariants'>,
  changes: { path: string; blobSha: string | null; kind: string }[],
) {
  const { mediaVariants, contentRepository: repository } = deps;
  if (!mediaVariants || !repository) return;
  for (const { path, blobSha, kind } of changes)
    if (kind !== 'delete' && blobSha && path.startsWith('media/'))
      mediaVariants.prepare(blobSha, () => repository.readBlobBytes(blobSha));
}
