export { CompareSlider } from "./CompareSlider"
export { MaskEditor } from "./MaskEditor"
export type { CompareSliderProps, MaskEditorHandle, MaskEditorMode, MaskEditorProps, MaskTool } from "./types"
