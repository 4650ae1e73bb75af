"""Where the game goes next: files for print-on-demand services (pod), Tabletop Simulator
(tts) and a shareable HTML gallery (gallery), each made from the laid-out faces.

This layer sits after pipeline/ (it lays faces out with cardgen.pipeline.faces and writes with its
atomic output and manifest) and before cli/. The gallery is written into a build's folder
through `BuildOptions.extra_steps`, so pipeline/ never imports this package.
"""
