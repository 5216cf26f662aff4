/** The upload texts of spec §5 and §8, verbatim. */
export const UploadMessages = {
  wrongType: "只能上传 png, jpg, jpeg 格式的图片",
  tooLarge: (limitMb: number) => `文件大小不能超过 ${limitMb} MB`,
  tooMany: (maxCount: number) => `最多上传 ${maxCount} 张图片`,
  tokenFailed: "获取 OSS Token 失败"
} as const
