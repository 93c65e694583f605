/** The multipart body of a clothes create or update: JSON part `request`, optional image part `image` (docs/api.md §5). */
export function clothesFormData(request: unknown, image?: File | null): FormData {
  const form = new FormData();
  form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (image) form.append('image', image, image.name);
  return form;
}
