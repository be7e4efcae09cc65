import { useEffect } from 'react';

/** Sets the document's meta description while the page shows (the SEO description of a content page). */
export function useMetaDescription(description: string | null | undefined): void {
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const before = meta.content;
    meta.content = description;
    return () => {
      if (meta) meta.content = before;
    };
  }, [description]);
}
