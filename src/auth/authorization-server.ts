import type Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';

/**
 * adops as its own OAuth authorization server, as the rest of the service uses it (src/oauth builds it):
 * the API looks up the access tokens it issued, the console manages the clients owners make.
 */
export interface AuthorizationServer {
  provider(): Provider;
  /** Ends its memory of who signed in on a browser (the session cookie in `cookieHeader`). */
  forgetSignIn(cookieHeader: string | undefined): Promise<void>;
  /** Keeps a client an owner made, metadata already validated by the provider. */
  storeOwnedClient(clientId: string, metadata: ClientMetadata): Promise<void>;
  /** Removes a client's registration. */
  deleteClient(clientId: string): Promise<void>;
}
