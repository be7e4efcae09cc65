/** The API's envelope around `data` with no messages, as the back office's tests' fetch mocks answer. */
export const envelope = (data: unknown) => ({
  response: {
    status: 0,
    errors: [],
    infos: [],
    warnings: [],
    errorsMessage: [],
    infosMessage: [],
    warningsMessage: [],
  },
  data,
});
