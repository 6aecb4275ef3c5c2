import { handleAuthRequest } from "~/server/auth/handle-auth-request";

// Only allowed endpoints reach better-auth; see src/server/auth/auth-endpoints.ts.
export async function GET(request: Request): Promise<Response> {
  return handleAuthRequest(request);
}

export async function POST(request: Request): Promise<Response> {
  return handleAuthRequest(request);
}
