// proxy-from-env ships no types: its one function, as its README documents it.
declare module "proxy-from-env" {
  /** The proxy URL for a request URL from HTTP(S)_PROXY / ALL_PROXY / NO_PROXY; "" for none. */
  export function getProxyForUrl(url: string | URL): string;
}
