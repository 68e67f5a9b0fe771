// The ZXing reader's WebAssembly, served from the app's assets (hashed, cached for a year).
import zxingWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';

export const zxingWasmUrl: string = zxingWasm;
