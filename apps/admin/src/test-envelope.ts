/**
 * The API's envelope around `data`, as the back office's tests' fetch mocks answer: no errors or warnings,
 * `infos` as the envelope's info messages (the success toasts).
 */
export const envelope = (data: unknown, infos: string[] = []) => ({
  response: {
    status: 0,
    errors: [],
    infos: [],
    warnings: [],
    errorsMessage: [],
    infosMessage: infos,
    warningsMessage: [],
  },
  data,
});
