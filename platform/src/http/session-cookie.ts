/** The session cookie (`__Host-`: Secure, path /, no Domain). */
export const SESSION_COOKIE = "__Host-tuesday_session";
