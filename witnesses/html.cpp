// Design note: see html.hpp. The data goes into the page as one JSON object; the script
// (kScript) draws everything from it. Packet labels are drawn for steps of at most 48
// transmissions (beyond that they only clutter the picture).
#include "witnesses/html.hpp"

#include <nlohmann/json.hpp>
#include <ostream>

#include "witnesses/figure_data.hpp"

namespace schedcert::witnesses {

using nlohmann::json;
using schedules::Node;

namespace {

const char* kStyle = R"CSS(
body{font-family:sans-serif;margin:12px;color:#222}
#controls{margin:8px 0}
#net{border:1px solid #ccc;background:#fafafa}
.node rect{fill:#fff;stroke:#333}
.node text{font-size:11px;text-anchor:middle;dominant-baseline:central}
.edge{stroke:#ddd;stroke-width:1}
.tx{stroke:#1565c0;stroke-width:2;marker-end:url(#arrow)}
.tx.bad{stroke:#d32f2f;stroke-width:4;marker-end:url(#arrowbad)}
.load{stroke:#90a4ae;opacity:.6}
.pk{font-size:10px;fill:#1565c0}
#verdict.valid,#valid-marker{color:#2e7d32}
#verdict.invalid,#violation-marker{color:#d32f2f;font-weight:bold}
table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px}
#side{display:inline-block;vertical-align:top;margin-left:12px}
)CSS";

const char* kScript = R"JS(
(function(){
const D=JSON.parse(document.getElementById('schedule-data').textContent);
const S=(D.nodes.length>16?640:400)/Math.max(1,D.extent), pad=40;
const X=p=>pad+(p.x-D.minx)*S, Y=p=>pad+(D.maxy-p.y)*S;
const svg=document.getElementById('net'), NS='http://www.w3.org/2000/svg';
const W=2*pad+(D.maxx-D.minx)*S, H=2*pad+(D.maxy-D.miny)*S;
svg.setAttribute('width',Math.max(300,W)); svg.setAttribute('height',Math.max(200,H));
function el(n,a,p){const e=document.createElementNS(NS,n);for(const k in a)e.setAttribute(k,a[k]);(p||svg).appendChild(e);return e;}
const defs=el('defs',{});
for(const [id,c] of [['arrow','#1565c0'],['arrowbad','#d32f2f']]){
 const m=el('marker',{id:id,viewBox:'0 0 10 10',refX:'10',refY:'5',markerWidth:'6',markerHeight:'6',orient:'auto'},defs);
 el('path',{d:'M0,0L10,5L0,10z',fill:c},m);}
for(const [a,b] of D.edges) el('line',{class:'edge',x1:X(D.nodes[a]),y1:Y(D.nodes[a]),x2:X(D.nodes[b]),y2:Y(D.nodes[b])});
const loadG=el('g',{}), txG=el('g',{}), nodeG=el('g',{});
D.nodes.forEach(n=>{const g=el('g',{class:'node'},nodeG);const w=8+7*n.label.length;
 el('rect',{x:X(n)-w/2,y:Y(n)-9,width:w,height:18,rx:4},g);el('text',{x:X(n),y:Y(n)},g).textContent=n.label;});
function shorten(a,b,r){const dx=X(b)-X(a),dy=Y(b)-Y(a),l=Math.hypot(dx,dy)||1;return[X(a)+dx*r/l,Y(a)+dy*r/l,X(b)-dx*r/l,Y(b)-dy*r/l,-dy/l,dx/l];}
const slider=document.getElementById('step'), label=document.getElementById('steplabel');
slider.max=D.steps.length;
function draw(k){
 label.textContent='step '+k+' of '+D.steps.length;
 loadG.innerHTML='';txG.innerHTML='';
 const load=new Map();
 for(let s=0;s<k;s++)for(const t of D.steps[s]){const key=t[0]+'>'+t[1];load.set(key,(load.get(key)||0)+1);}
 for(const [key,c] of load){const [a,b]=key.split('>').map(Number);const p=shorten(D.nodes[a],D.nodes[b],10);
  el('line',{class:'load',x1:p[0]+3*p[4],y1:p[1]+3*p[5],x2:p[2]+3*p[4],y2:p[3]+3*p[5],'stroke-width':1+2*c},loadG);}
 if(k>0)D.steps[k-1].forEach(t=>{const a=D.nodes[t[0]],b=D.nodes[t[1]];const p=shorten(a,b,12);
  const bad=D.verdict.transmission===t[3];
  el('line',{class:'tx'+(bad?' bad':''),x1:p[0]+3*p[4],y1:p[1]+3*p[5],x2:p[2]+3*p[4],y2:p[3]+3*p[5]},txG);
  if(D.steps[k-1].length<=48)el('text',{class:'pk',x:(p[0]+p[2])/2+8*p[4],y:(p[1]+p[3])/2+8*p[5]},txG).textContent=t[2];});
 const rows=[...load].sort((x,y)=>y[1]-x[1]).slice(0,12);
 const tb=document.getElementById('loads');
 tb.innerHTML='<tr><th>link</th><th>packets so far</th></tr>'+rows.map(([key,c])=>{const [a,b]=key.split('>').map(Number);
  return '<tr><td>'+D.nodes[a].label+' &rarr; '+D.nodes[b].label+'</td><td>'+c+'</td></tr>';}).join('');
}
slider.addEventListener('input',()=>draw(+slider.value));
let timer=null;
document.getElementById('play').addEventListener('click',()=>{
 if(timer){clearInterval(timer);timer=null;return;}
 if(+slider.value>=D.steps.length)slider.value=0;
 timer=setInterval(()=>{if(+slider.value>=D.steps.length){clearInterval(timer);timer=null;return;}
  slider.value=+slider.value+1;draw(+slider.value);},700);});
const v=document.getElementById('verdict'), mk=document.createElement('div');
if(D.verdict.valid){v.className='valid';v.textContent='valid ('+D.verdict.engine+' verifier)';mk.id='valid-marker';mk.textContent='no violation';}
else{v.className='invalid';v.textContent='invalid: '+D.verdict.rule+' ('+D.verdict.engine+' verifier)';
 mk.id='violation-marker';mk.dataset.rule=D.verdict.rule;mk.dataset.step=D.verdict.step;
 mk.textContent='first violation'+(D.verdict.step>0?' at step '+D.verdict.step:'')+': '+D.verdict.message;}
v.after(mk);
const start=D.verdict.step>0?D.verdict.step:Math.min(1,D.steps.length);
slider.value=start;draw(start);
})();
)JS";

}  // namespace

void write_html(const schedules::Schedule& s, const verifier::Verdict& verdict, std::ostream& out) {
  const auto& net = s.network();
  auto pts = layout(net);
  json d;
  json nodes = json::array();
  double minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (Node v = 0; v < pts.size(); ++v) {
    nodes.push_back({{"label", node_label(net, v)}, {"x", pts[v].x}, {"y", pts[v].y}});
    if (v == 0 || pts[v].x < minx) minx = pts[v].x;
    if (v == 0 || pts[v].x > maxx) maxx = pts[v].x;
    if (v == 0 || pts[v].y < miny) miny = pts[v].y;
    if (v == 0 || pts[v].y > maxy) maxy = pts[v].y;
  }
  json edges = json::array();
  for (Node v = 0; v < pts.size(); ++v)
    net.for_each_neighbour(v, [&](Node w, int) {
      if (v < w) edges.push_back({v, w});
    });
  json steps = json::array();
  for (std::size_t k = 0; k < s.num_steps(); ++k) {
    json st = json::array();
    for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t)
      st.push_back({s.from(t), s.to(t), packet_label(s, t), t});
    steps.push_back(std::move(st));
  }
  json vj{{"valid", verdict.valid}, {"engine", verdict.engine}, {"step", 0},
          {"transmission", -1}};
  if (verdict.violation) {
    const auto& x = *verdict.violation;
    vj["rule"] = verifier::to_string(x.rule);
    vj["step"] = x.step + 1;  // 0 for a completion failure
    vj["transmission"] = x.transmission;
    vj["message"] = x.message;
  }
  d["nodes"] = nodes;
  d["edges"] = edges;
  d["steps"] = steps;
  d["verdict"] = vj;
  d["minx"] = minx;
  d["maxx"] = maxx;
  d["miny"] = miny;
  d["maxy"] = maxy;
  d["extent"] = std::max({maxx - minx, maxy - miny, 1.0});
  std::string data = d.dump();
  for (std::size_t p = 0; (p = data.find("</", p)) != std::string::npos; p += 3)
    data.replace(p, 2, "<\\/");
  std::string title = s.problem().describe() + " on " + net.name() + ", " + to_string(s.model());
  std::string esc;
  for (char c : title) esc += c == '<' ? std::string("&lt;") : c == '&' ? std::string("&amp;") : std::string(1, c);
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>schedcert: "
      << esc << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h2>" << esc
      << "</h2>\n<div>" << s.num_steps() << " steps, " << s.num_transmissions()
      << " transmissions; max link load " << verdict.metrics.max_link_load
      << "</div>\n<div id=\"verdict\"></div>\n<div id=\"controls\"><button id=\"play\">play / "
         "pause</button> <input type=\"range\" id=\"step\" min=\"0\" value=\"0\"> <span "
         "id=\"steplabel\"></span></div>\n<svg id=\"net\"></svg>\n<div id=\"side\"><h4>link "
         "loads up to this step</h4><table id=\"loads\"></table></div>\n"
         "<script type=\"application/json\" id=\"schedule-data\">"
      << data << "</script>\n<script>" << kScript << "</script>\n</body></html>\n";
}

}  // namespace schedcert::witnesses
