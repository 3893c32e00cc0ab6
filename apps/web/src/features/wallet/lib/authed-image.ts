import { useEffect, useState } from 'react';

/**
 * Uploaded images (channel QR codes, proofs) are served only with the session token in a header,
 * so an <img src> cannot fetch them itself: fetch the bytes, show them through an object URL.
 */
export function useAuthedImage(
  url: string | null | undefined,
  token: string | null,
): {
  src: string | null;
  failed: boolean;
} {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url || !token) {
      setState({ src: null, failed: false });
      return;
    }
    const ctrl = new AbortController();
    let objectUrl: string | null = null;
    fetch(url, { headers: { token }, signal: ctrl.signal })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        objectUrl = URL.createObjectURL(await r.blob());
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      ctrl.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token]);
  return state;
}
