import { SPEC } from '@wps/contract';

/** SPEC §5/§9: proof images are png or jpg, at most 5MB; checked before anything is sent. */
export type ImageProblem = 'imageWrongType' | 'imageTooLarge';

export function checkImage(file: { type: string; size: number; name: string }): ImageProblem | null {
  const { types, maxBytes } = SPEC.upload;
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!(types as readonly string[]).includes(file.type) && !(file.type === '' && byName))
    return 'imageWrongType';
  if (file.size > maxBytes) return 'imageTooLarge';
  return null;
}
