/** Every error the api answers has this body. */
export interface ApiError {
  error: string;
  message: string;
}
