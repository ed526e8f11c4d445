/** An LTI endpoint's refusal, answered as OAuth2 does: `{ error, error_description }` with the status. */
export class LtiHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}
