import type { TFunction } from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../common/locales';
import { toast } from '../../ui/toast';
import { isUploadableImage, uploadedImage, uploadMedia } from './upload';
import type { PageContent } from './use-page-content';

export type Upload = { id: number; name: string; fraction: number };

/** The toast for an image that could not be uploaded, naming the file and the server's reason. */
function uploadFailed(t: TFunction, name: string, error: unknown) {
  toast({
    title: t('editor.upload.failed', { name }),
    description: error instanceof Error ? error.message : undefined,
    color: 'error',
  });
}

/**
 * Images put into the page: uploaded to the media library with their progress shown, then placed in the
 * rich editor, at the source text's caret, in place of an image (Replace), or as the page's thumbnail.
 */
export function useImageUploads(locale: Locale, content: PageContent, changed: () => void) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [thumbnailUploading, setThumbnailUploading] = useState(false);
  const { richRef, sourceRef, latest, setBody, setFrontMatter } = content;

  const nextUpload = useRef(1);
  const uploadImages = useCallback(
    (files: File[], insert: (image: { src: string; alt: string }) => void) => {
      for (const file of files) {
        if (!isUploadableImage(file)) {
          toast({ title: t('editor.upload.notImage'), color: 'error' });
          continue;
        }
        const id = nextUpload.current++;
        setUploads((list) => [...list, { id, name: file.name, fraction: 0 }]);
        uploadMedia(file, locale, (fraction) =>
          setUploads((list) => list.map((item) => (item.id === id ? { ...item, fraction } : item))),
        )
          .then((upload) => {
            insert(uploadedImage(upload));
            changed();
          })
          .catch((error: unknown) => uploadFailed(t, file.name, error))
          .finally(() => setUploads((list) => list.filter((item) => item.id !== id)));
      }
    },
    [locale, changed, t],
  );

  /** A new file in place of an image (the image panel's Replace), its alt text, caption and width kept. */
  const replaceImage = useCallback(
    (file: File, src: string) =>
      uploadImages([file], (image) => {
        richRef.current?.replaceImage(src, image.src);
      }),
    [uploadImages, richRef],
  );

  const richImages = useCallback(
    (files: File[], at?: number) => uploadImages(files, (image) => richRef.current?.insertImage(image, at)),
    [uploadImages, richRef],
  );

  /** In source mode an image goes where the caret is, as `![alt](url)`. */
  const sourceImages = (files: File[]) => {
    const caret = sourceRef.current?.selectionStart ?? latest.current.body.length;
    uploadImages(files, ({ src, alt }) => {
      const text = latest.current.body;
      setBody(`${text.slice(0, caret)}![${alt}](${src})${text.slice(caret)}`);
    });
  };

  const thumbnailFile = (file: File) => {
    if (!isUploadableImage(file)) return toast({ title: t('editor.upload.notImage'), color: 'error' });
    setThumbnailUploading(true);
    uploadMedia(file, locale, () => undefined)
      .then((upload) => {
        // `#WxH` tells the banner the image's width, so it lists only the copies it has (decision 0008).
        setFrontMatter((value) => ({ ...value, thumbnail: `${upload.url}#${upload.width}x${upload.height}` }));
        changed();
      })
      .catch((error: unknown) => uploadFailed(t, file.name, error))
      .finally(() => setThumbnailUploading(false));
  };

  return { uploads, richImages, replaceImage, sourceImages, thumbnailFile, thumbnailUploading };
}
