/**
 * The words 本地演示引擎 as a grey coverage mask (white = ink), drawn once from Noto Sans CJK SC Bold at
 * 48 px and trimmed (285 × 47). It is stored here, not drawn at run time, because a server without a CJK
 * font would render the SVG text as empty boxes; the mask is scaled down per image, which stays crisp.
 * Redraw it with sharp: an SVG `<text font-family="Noto Sans CJK SC" font-weight="bold" font-size="48"
 * fill="#fff">本地演示引擎</text>`, `.trim({ threshold: 0 })`, `.extractChannel(3).png({ compressionLevel: 9 })`.
 */
export const captionMaskPng: Buffer = Buffer.from(
  [
  "iVBORw0KGgoAAAANSUhEUgAAAR0AAAAvCAAAAAD7xEG1AAAACXBIWXMAAAsTAAALEwEAmpwYAAALAElEQVRo3tVbe1xVRR6f++AlL5ES41GGpd",
  "KCoOhn0ZWEQhdLzBerhRU+EB/brq4fvbuaD8SUzFp1NeNRaGUqWmZopmhGq5JKpPhBM7xrIUogIOCqvM+emTlzzpzXvefCFdvfH5eZ3/xmzm++",
  "Z+b3+81vDgA8QDL4g/8/8sxD5GhBxDeQpYel3FGFkLopyDvIgElYvae4sbXPg5mhN9RzDVvIhgUDYWdtfaWv1b4PMYicLYgchwLZUu4U1M9NLj",
  "6qcrGrhPU9kt3cFViUwifdpjm9IGcnWyiABSPH9W9jK1f0XY2ObyXDVC4Qj/cakq13scf082sVaJUKOtcYJSplWxbBwvtdvXaM+YhvHi9a3E2I",
  "OUVxeOcca7STFv9Bab5v2YqO4SdYeNbe6PhBI+Sjjs4bRIWjO6l324pY9yhOBd/DjbFGLfZHJwEVPqVewVp7oHMWVvapo5PAK3TH4ozvdQk6ae",
  "np6R9BzhW2UAkLmWwhFRguyoY42xXogG4rMSzFm38D6EAPOlTBKv+NeUDosO7gc7bhbvBb9wedaSYRpVlDZyZbL58UwpZehvLISz15p+vQcduY",
  "OULsGl+tY+YChE5NnpzMnUJHQr2toOMMn1YvAnSg8ynUaT+q7YDF9lWmV1ksTFJahRVYKmvorREdfRw0/78sFukcsEKH0clTmNBKMTqdI2vorJ",
  "aDnbwH/zXDCEOPJnQEyQYzmilGEzp+869g8UMyvX8T6EQ3K7gsUkhjBeai0jMdQScK+boqWL0KS1Nk6PAb+DNldC7OklNu16HTt5qttW5II3QU",
  "LZQ2Tuf2RDCykczHdnQSJbxUGTo87ZXpvYqPc2QkindsJVcvmkItoRP6K6xtJbJOYCmsj3q+nqmedBcatOX/hYy63vZGx1PisHM4hR4BVt2vRS",
  "trnY5p9+gzxG/nz3g9DwPhZcPAPIE/CdgXneCttyVNu/ADxrXuCrUBHY9AzeRF+pTZEO+MbRajkwH/DADACQBdLmEvI9I9qO2/GzXlYYnz6Pdt",
  "qtnPAjr3KF79pssk3GLPw6yNaj/4e83ozNb+tlZyXVzabIkGZ58/xNa3mEzHEDo5sDUAtQzaz/UtclVaoYXIMA3HIhiHbRKROJTDaYBN1bA0h0",
  "NHoB9f8wBnYGEHlNcdwNbuY5LpCgrHtBDxJ3K1QZ1BJ8S2WNklm61HAJCK0PkGasfmsoIWFAqdq9cGycCJQi3HuWjQEzmm5gBr0WDwL2K13AjM",
  "H8HWZP6MZRIPMQ5x+8uG7gA6E2w8SUB0PkxLOwnRMdSwv1XTd1VI+59fF9tDpNgRxJ5MYuV16M9Wi+gYJnwtHdaN5La2Q8mIbwn/77C6jPekny",
  "JmJl9P8+8wOiZU2xAjoicto8PR5g3w91gSz6j7TNim7fKl86sjQecJJNfSzwI6I+l1cy2XR+cHam2NuYAPLeiwd1N9roM7jE6WJFa1lhvMlg+U",
  "gQs1a73BsGLCXk710Z1ErMXCOWuPSlAnoNOvnX/CyclG4ZyFLPoHnLA+qZZhmkKANnSeTpcRdsKHZfw4khtE7b42oRMBC9y7rfcBbqzbazkyA+",
  "XE9ZPx+8zTUX1ewvbITUBnIJ77cxZ21lEytwOiUygaPlPI4+YwK4BGdBQI+8Nxqu0owLulPa88JD4+3hsWkI9uKxgCzWDuNMrM/CGrmmmibaLH",
  "DXz2pM/o2N9cdVVHhzeI4jN6CSz8i867O1DoFMBj+TkkfAoWT3QOHV88kg1Zd/5kDN0lAkXvFRg2YuzL/9j0+enr1eHQoEaInocD3VoPGp2huL",
  "RFHR3jNeb0DTk6P5ETnZQQOsESn9XbRnR04uYxqDk3XEJGdXTcd3O50YN5+YXfm82VDaJVXBMm1SAG76L54vwOdiztY9U9+rgIpfxOuSjg7Ag6",
  "WR9M9VVGJ+TdUvFN2grlnepiYe0UWDb31QPEWnvhYLzEQYxOIFbs5mM2Zr9qYWEB3aOPzqadFQj95aUtYVJ0nBJOyM63+61kGhXQWW4hr2Y+mr",
  "lklEhafxA3PSvNDa7B5XNuyuj4vN5HCR3XFliYRfcoyvWyxSq/iXmDpOisx/yXaNkyxeFuWELnOXgHcptpY3/LzGZ0edSwfknyxOhQf6N8wafi",
  "EffIMqfu1zmja1BAZ9iOJma2DJ3gnenYxU6mOkSzebeB2tFxxnLfynZWdxzT1vgIsj2VhyvSYJU5Qh72qmpzIjY6lT3leeVYLqLZppehgyDfLU",
  "PH/WdOP9q2fQHX+gzN6CzCrIlyu8PlkLYLsrHKwx1SR6dXvJjQ4quSMCP5k2ULHnCsUtZ9C/e0dL0UHYyoTrazMrkcLdWhXxvHQejMhJE+3vrT",
  "YDFBio43slvMzwYFq/wVdhSRggOSJjaSJcdnGTqxWgJxgu4LXPYhQ/FOotuPJNXHX1J0e+WGMEqwDB2cRGoaSenzLmKZtPqsd/DQs5R8VhB+lc",
  "VG1Z0whxHHE51CJ5FbOdh/sPQNrh7jqpeJ/Ak/HGm+V0cNUhAkQwee18qzn6IvzVGuufFhDp0/STIYcRJ0gvAd+0Wjokd/j+St1AjfTC+wBzoO",
  "/+RqrdY7VEUBMK+Y5hyOVvDozoEBkuh6CUPyPVrsjmMRZsQpxzuP4BxkhasaOttR+4vq6PRNExNSqk7CnE4tYubOX9T1XkPuNR4FYJ/Abts7WP",
  "0u1H+JEAQ44o0YqREd7sY0Xy1WTqEyIkqEw6eh9vBZrtjANo8erK63EVvmSzB4HU2Yzdn9pdGgI0rz67h0yM0UEnHiC6ILGuOdP+IES9MANXS6",
  "12Ov7qky2Vuo2VsFnYXyHEANinfk/BTWxEJ4WqYAS+jo4UcL5b1Q3Ij99Z2Nj/JPP0vd/whBgnAydMEx0zxt6AzhzjxL1c9ZOC3HLFIGxw9jp3",
  "YKPa49f3QJpt2vMLdHA4voAN2bTBO3VF+H2YLV9EkHXUF/JdExTYjmsP1t8EDvnV1cPeZXfRJNLpReYNMPOf1hCbvvpzj8zhjV0fFtxBtdp4jO",
  "VOwt7IQOCLkMo1gnPl4Ix21BPANqkTyXqNZSsdhDpA7K8RRKdET5ryz0yQDKTzPvkJanUS71TJI7fOg6tI3qTXy0wDmJe7+zlMF4HwuNVERnLy",
  "P5MK1z6ACjTd9gxEobdqHD23ARD38NkwSLS7GZwjvREHeC+MiFbHU6uVz6Tzx/5oA2sp0+SDm20LEqpEjEKKMzMLxS43Fwn6iGzouyjydMKHtW",
  "K+fP7OAXKkoZhLJzhTxxGX74fWt3HPd+iFzpG+XkvVyPwhuJf5UHyJWOMbWVWQ0LPmcLT7Px1j4u4BpBJXnZlOe/40UvdV1LjbmIfTJ3jGn3BX",
  "Y7Z3UOnRFqK/M72IrT/e0DgO+aEiHbn/0QmWgCuSupSyJ2ZPhmvcIFML3XUrYNkijhXisSLtaUG3yMPU+NiZnaIGwj+6OjK1FBB4Vzujnw2v5L",
  "dlNlCLrT29BzE7kjyZIMHC8KRa18SLxe9Oh5mtDxuSv0yL9P6ICwGkVw3iah6XcME81/pcPamESJoYs04889u0vGdahXGE2NhtCPLnDQhA6gvo",
  "tIuV/ogICMWzJsLgiG1bjslBDlls6S/VsAcGOdUKPCwekLYbiPramjp7bWl57asu4gVPBPPe4bOqxuj0dPoJIjE5/pJWp2Iv768PPKG2TG+YEK",
  "3L9iTZpKNg61rkJeLRsG1VeUfr0hSuudBADY4reeNrlqnakTnqEBPHDqGRszPDwsoJOajIazGa/cNjgmJjK8j4NKz/8B5aZmWyQjuIMAAAAASU",
  "VORK5CYII=",
  ].join(""),
  "base64"
)

export const captionMaskSize = { width: 285, height: 47 } as const
