import json
W,H=24,16
grid=[['.']*W for _ in range(H)]
def ax(col,row): return (col-(row-(row&1))//2,row)
def off(q,r): return (q+(r-(r&1))//2,r)
def lab(col,row):
    s=''; c=col+1
    while c>0: s=chr(65+(c-1)%26)+s; c=(c-1)//26
    return s+str(row+1)
dirs=[(1,0),(1,-1),(0,-1),(-1,0),(-1,1),(0,1)]
names=["E","NE","NW","W","SW","SE"]
saloon=set(); store=set(); bank=set()
for r in range(0,4):
    for c in range(2,11): saloon.add((c,r)); grid[r][c]='#'
    for c in range(14,21): store.add((c,r)); grid[r][c]='#'
for c in range(0,W): grid[4][c]='='
for c in range(0,W): grid[11][c]='='
for r in range(12,16):
    for c in range(3,10): bank.add((c,r)); grid[r][c]='#'
    for c in range(13,W): grid[r][c]='g'
edges=[]
specials={}  # (col,row,side)->kind
# saloon front door: row 3 col 6, side SE/SW toward boardwalk
specials[(6,3,'SE')]=('door',False)
specials[(6,3,'SW')]=('door',False)
specials[(3,3,'SE')]=('window',False)
specials[(9,3,'SW')]=('window',False)
specials[(17,3,'SE')]=('door',True)
specials[(17,3,'SW')]=('door',True)
specials[(6,12,'NE')]=('door',False)
specials[(6,12,'NW')]=('door',False)
def walls(bld, armor):
    for (c,r) in sorted(bld, key=lambda x:(x[1],x[0])):
        q,rr=ax(c,r)
        for i,(dq,dr) in enumerate(dirs):
            n=off(q+dq,rr+dr)
            if n in bld: continue
            key=(c,r,names[i])
            kind,opn=specials.get(key,('wall',False))
            e={"at":lab(c,r),"side":names[i],"kind":kind}
            if kind=='wall': e["armor"]=armor
            if opn: e["open"]=True
            edges.append(e)
walls(saloon,3); walls(store,2); walls(bank,4)
# fence around the corral (grass lot), north side along row 12
fence=[]
for c in range(13,W):
    q,r=ax(c,12)
    edges.append({"at":lab(c,12),"side":"NE","kind":"fence"})
    edges.append({"at":lab(c,12),"side":"NW","kind":"fence"})
# gate gap
edges=[e for e in edges if not (e["kind"]=="fence" and e["at"] in ("Q13",))]
features=[
 {"at":lab(12,5),"kind":"trough"},
 {"at":lab(11,5),"kind":"trough"},
 {"at":lab(13,4),"kind":"barrel"},
 {"at":lab(12,4),"kind":"barrel"},
 {"at":lab(21,10),"kind":"barrel"},
 {"at":lab(1,10),"kind":"barrel"},
 {"at":lab(4,1),"kind":"table"},
 {"at":lab(7,1),"kind":"table"},
 {"at":lab(9,0),"kind":"counter"},
 {"at":lab(9,1),"kind":"counter"},
 {"at":lab(10,1),"kind":"counter"},
 {"at":lab(15,1),"kind":"counter","height":"waist"},
 {"at":lab(4,13),"kind":"counter"},
]
labels=[{"at":lab(5,0),"text":"Lucky Nugget Saloon"},{"at":lab(16,0),"text":"Dry Goods"},{"at":lab(5,15),"text":"Bank"},{"at":lab(18,14),"text":"Corral"},{"at":lab(1,7),"text":"Main Street"}]
elev=[{"at":lab(c,r),"level":1} for c in range(0,W) for r in range(H) if grid[r][c] in "=#"]
m={"format":"hexslinger/map","version":1,"name":"Main Street, Legless Gulch","orientation":"pointy","width":W,"height":H,"scale":1,
 "legend":{".":"dirt","=":"boardwalk","#":"floor","g":"grass"},
 "terrain":[''.join(row) for row in grid],"elevation":elev,"edges":edges,"features":features,"labels":labels}
chars=[
 {"id":"cyril","name":"Cyril Wellington","traits":{"quickness":3,"coordination":4,"acuity":3,"fortitude":3,"bravery":4,"strength":3},"skills":{"firearms: pistol":2,"firearms: rifle":1,"unarmed":2},"move":6,"run":12,"size":6,"gear":[{"weapon":"schofield","loaded":5},{"weapon":"winchester","loaded":15}],"notes":"Carries a .44 S&W Schofield and a Winchester rifle (TWTW Conflict: Cocking and Readying)."},
 {"id":"miranda","name":"Miranda Valentine","traits":{"quickness":4,"coordination":4,"acuity":4,"fortitude":2,"bravery":3,"strength":2},"skills":{"firearms: pistol":3,"melee":1},"move":8,"run":16,"size":5,"gear":[{"weapon":"peacemaker","loaded":5},{"weapon":"derringer","loaded":2}],"notes":"Carries a Colt Peacemaker and a derringer. Move 8 (TWTW Conflict: Target Speed)."},
 {"id":"zeke","name":"Zeke Perkins","traits":{"quickness":3,"coordination":3,"acuity":2,"fortitude":4,"bravery":3,"strength":4},"skills":{"firearms: shotgun":2,"unarmed":3},"move":6,"run":12,"size":6,"gear":[{"weapon":"shotgun","loaded":2}],"notes":"Perkins brother. Shotgun."},
 {"id":"jeb","name":"Jeb Perkins","traits":{"quickness":2,"coordination":3,"acuity":2,"fortitude":4,"bravery":2,"strength":5},"skills":{"firearms: rifle":2,"melee":2},"move":6,"run":12,"size":7,"gear":[{"weapon":"winchester","loaded":15},{"weapon":"throwing-knife"}],"notes":"Perkins brother. Winchester and a throwing knife."},
]
figs=[
 {"id":"cyril","character":"cyril","side":"posse","at":lab(2,7),"facing":"E"},
 {"id":"miranda","character":"miranda","side":"posse","at":lab(2,9),"facing":"E"},
 {"id":"zeke","character":"zeke","side":"outlaws","at":lab(20,7),"facing":"W"},
 {"id":"jeb","character":"jeb","side":"outlaws","at":lab(6,4),"facing":"SE"},
]
fight={"format":"hexslinger/fight","version":1,"name":"Showdown on Main Street","rules":"twtw","map":m,"characters":chars,"figures":figs}
print(json.dumps(fight,indent=1))
