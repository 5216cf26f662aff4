import type { RouteExamples } from "../Route.js"
import type { artworkRoutes } from "../routes/artworkRoutes.js"
import type { ArtworkGroup } from "../schemas/ArtworkGroup.js"
import { CDN, sampleAuthor, sampleCard, sampleLibraryItem, sampleQuickCard, sampleSdArtwork } from "./artworkSamples.js"
import { samplePost } from "./communitySamples.js"

const sampleGroup: typeof ArtworkGroup.Encoded = {
  id: 8801,
  name: "国风山水",
  description: "用水墨 Checkpoint 画的山水合集",
  cover: sampleCard.cover,
  artwork_count: 36,
  is_public: true,
  created_at: 1793520000
}

/** Wire-form examples of the artwork and group routes (docs/api.md and the decode tests; never shipped to the browser). */
export const artworkExamples: RouteExamples<typeof artworkRoutes> = {
  profileList: {
    input: { type: "sd", size: "20" },
    data: { list: [sampleCard, sampleQuickCard], next_cursor: "1795338600.52030" }
  },
  deleteProfileArtwork: { input: { id: 52031 }, data: { artwork_id: 52031, audit_status: "draft" } },
  createGroup: {
    input: { name: "国风山水", description: "用水墨 Checkpoint 画的山水合集", is_public: true, artwork_ids: [52031, 52030] },
    data: { ...sampleGroup, artwork_count: 2 }
  },
  updateGroup: { input: { id: 8801, name: "国风山水 · 第二季", cover_artwork_id: 52031 }, data: { ...sampleGroup, name: "国风山水 · 第二季" } },
  deleteGroup: { input: { id: 8801 }, data: { success: true } },
  addToGroup: { input: { group_id: 8801, artwork_ids: [52032] }, data: { group_id: 8801, added: 1, artwork_count: 3 } },
  groupDetail: { input: { id: "8801", page: "1", size: "20" }, data: { group: sampleGroup, owner: sampleAuthor, list: [sampleCard], total: 36 } },
  categoryList: {
    input: {},
    data: { list: [{ id: 1, name: "人像", key: "portrait", sort: 1 }, { id: 2, name: "国风", key: "guofeng", sort: 2 }] }
  },
  groupList: { input: { uid: "10086", page: "1", size: "20" }, data: { list: [sampleGroup], total: 1 } },
  userLikes: { input: { uid: "10086", page: "1", size: "20" }, data: { list: [sampleQuickCard], total: 1 } },
  postList: { input: { uid: "20233", page: "1", size: "20" }, data: { list: [samplePost], total: 1 } },
  info: { input: { id: "52031" }, data: sampleSdArtwork },
  modelInfo: {
    input: { name: "国风水墨 v3", type: "Checkpoint" },
    data: {
      id: 3101,
      type: "Checkpoint",
      name: "国风水墨 v3",
      cover: `${CDN}/model/3101.png`,
      description: "水墨风格底模，适合山水与古风人像。",
      base_model: "SD 1.5",
      files: [{ name: "guofeng_ink_v3.safetensors", size: 2132625408 }],
      tags: ["国风", "水墨"],
      use_count: 15230,
      is_added: false
    }
  },
  addSdModel: { input: { model_id: 3101 }, data: { success: true } },
  mySdModels: {
    input: {},
    data: [{
      id: 3105,
      type: "LoRA",
      name: "油纸伞",
      cover: `${CDN}/model/3105.png`,
      description: "为画面加入油纸伞元素，权重 0.6-0.9 效果最佳。",
      base_model: "SD 1.5",
      files: [{ name: "oilpaper_umbrella.safetensors", size: 151111680 }],
      tags: ["国风", "道具"],
      use_count: 16084,
      is_added: true
    }]
  },
  libraryList: { input: { type: "sd", q: "雪夜", from: "2026-11-01", to: "2026-11-30", page: "1", size: "30" }, data: { list: [sampleLibraryItem], total: 1 } },
  types: {
    input: {},
    data: {
      list: [
        { type: "quick", name: "快捷绘画", count: 120 },
        { type: "quick_mj", name: "MJ 模型", count: 64 },
        { type: "sd", name: "在线 SD", count: 31 },
        { type: "agent", name: "智能助手", count: 8 },
        { type: "upload", name: "上传", count: 12 },
        { type: "tool", name: "工具", count: 5 }
      ]
    }
  },
  deleteArtworks: { input: { ids: [60112, 60113] }, data: { deleted: 2 } },
  auditSubmit: { input: { artwork_id: 60112, title: "雪夜江南", category_id: 2, is_public: true }, data: { artwork_id: 60112, audit_status: "pending" } },
  upload: {
    input: {
      type: "sd",
      url: `${CDN}/upload/u10086/20261122/183000_k3f9.png`,
      title: "雪夜江南",
      parameters: {
        prompt: "snowy night, jiangnan town, red lanterns, stone bridge",
        negative_prompt: "lowres, watermark",
        models: [{ type: "Checkpoint", name: "国风水墨 v3", files: [{ name: "guofeng_ink_v3.safetensors" }] }],
        args: [{ key: "steps", title: "Steps", value: 28 }, { key: "seed", title: "Seed", value: 42 }]
      }
    },
    data: { ...sampleLibraryItem, title: "雪夜江南", library_type: "upload" }
  }
}
