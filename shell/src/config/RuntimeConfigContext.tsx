import { createContext, useContext } from 'react';
import { defaultRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

export const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig);

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
