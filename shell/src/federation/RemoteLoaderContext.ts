import { createContext, useContext } from 'react';
import { loadRemoteApp, type RemoteLoader } from './remotes';

/** The federation runtime in the app; tests can hand in another loader. */
export const RemoteLoaderContext = createContext<RemoteLoader>(loadRemoteApp);

export const useRemoteLoader = (): RemoteLoader => useContext(RemoteLoaderContext);
